import type { Metadata } from "next";
import { ActionButton } from "@/components/ui/action-button";
import { Badge } from "@/components/ui/badge";
import { cardListClass, PageHeader } from "@/components/ui/card";
import { ConfirmActionButton } from "@/components/ui/overlay/confirm-action-button";
import { EmptyState } from "@/components/ui/data/empty-state";
import { routes } from "@/lib/routes";
import { GarageDialog } from "@/modules/accounts/components/garage-dialog";
import { VehicleFields } from "@/modules/accounts/components/garage-fields";
import {
  defaultVehicleAction,
  deleteVehicleAction,
  saveVehicleAction,
} from "@/modules/accounts/garage-actions";
import { getMyVehicles } from "@/modules/accounts/server";
import { VehicleHistoryPanel } from "@/modules/vehicle-history/components/vehicle-history";
import { loadVehicleServiceHistory } from "@/modules/vehicle-history/server";
import { getVehicleSizeChoices } from "@/modules/catalogue/server";
import { requireCustomerPage } from "@/server/auth/guards";

export const metadata: Metadata = { title: "Your vehicles" };

export default async function VehiclesPage() {
  const user = await requireCustomerPage(routes.myVehicles);
  const [vehicles, sizes] = await Promise.all([getMyVehicles(user), getVehicleSizeChoices()]);
  const history = await loadVehicleServiceHistory(
    user.id,
    vehicles.map((v) => v.id),
  );
  const addButton = (
    <GarageDialog
      trigger="Add a vehicle"
      triggerVariant={vehicles.length === 0 ? "primary" : "secondary"}
      title="Add a vehicle"
      action={saveVehicleAction}
      submitLabel="Save vehicle"
      successToast="Vehicle saved."
    >
      <VehicleFields sizes={sizes} />
    </GarageDialog>
  );
  return (
    <div className="max-w-3xl">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <PageHeader
          title="Your vehicles"
          description="Choose one of these when you book. The default is picked for you. Each keeps its service history."
        />
        {vehicles.length > 0 && addButton}
      </div>
      {vehicles.length === 0 ? (
        <EmptyState className="mt-6" title="No saved vehicles yet" action={addButton}>
          A vehicle you book with is saved here for next time, or add one now.
        </EmptyState>
      ) : (
        <ul className={`mt-6 ${cardListClass}`} aria-label="Saved vehicles">
          {vehicles.map((v) => {
            const name = `${v.make} ${v.model}`;
            const vehicleHistory = history.get(v.id);
            return (
              <li
                key={v.id}
                className="flex flex-col gap-3 p-4 sm:flex-row sm:items-start sm:justify-between"
              >
                <div className="min-w-0">
                  <p className="flex flex-wrap items-center gap-2 font-medium">
                    <span>{name}</span>
                    {v.isDefault && <Badge tone="brand">Default</Badge>}
                  </p>
                  <p className="mt-1 text-sm text-ink-muted">
                    <span className="font-mono font-medium text-ink">{v.registration}</span>
                    {[v.colour, v.year, v.sizeName].filter(Boolean).map((part) => (
                      <span key={String(part)}> · {part}</span>
                    ))}
                  </p>
                  {v.notes && <p className="mt-1 text-sm break-words">{v.notes}</p>}
                  {vehicleHistory && (
                    <VehicleHistoryPanel history={vehicleHistory} vehicleName={name} audience="customer" />
                  )}
                </div>
                <div className="flex flex-wrap gap-2 sm:justify-end">
                  <GarageDialog
                    trigger={
                      <>
                        Edit<span className="sr-only"> {name}</span>
                      </>
                    }
                    title={`Edit ${name}`}
                    description="Bookings you have already made keep the details they were made with."
                    action={saveVehicleAction}
                    extra={{ id: v.id }}
                    submitLabel="Save changes"
                    successToast="Vehicle saved."
                  >
                    <VehicleFields sizes={sizes} values={v} />
                  </GarageDialog>
                  {!v.isDefault && (
                    <ActionButton
                      action={defaultVehicleAction}
                      input={{ id: v.id }}
                      successToast="Default vehicle changed."
                    >
                      Make default<span className="sr-only"> ({name})</span>
                    </ActionButton>
                  )}
                  <ConfirmActionButton
                    action={deleteVehicleAction}
                    input={{ id: v.id }}
                    title={`Delete ${name} (${v.registration})?`}
                    description="It won't be offered when you book. Bookings you have already made keep their details."
                    confirmLabel="Yes, delete it"
                    cancelLabel="Keep it"
                    successToast="Vehicle deleted."
                  >
                    Delete<span className="sr-only"> {name}</span>
                  </ConfirmActionButton>
                </div>
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}
