import type { Metadata } from "next";
import {
  createVehicleSizeAction,
  deleteVehicleSizeAction,
  moveVehicleSizeAction,
  setVehicleSizeActiveAction,
  updateVehicleSizeAction,
} from "@/modules/catalogue/actions";
import { OrderedListScreen } from "@/modules/catalogue/components/ordered-list-screen";
import { listVehicleSizesForAdmin } from "@/modules/catalogue/server";
import { requireAdminPage } from "@/server/auth/guards";

export const metadata: Metadata = { title: "Vehicle sizes" };

export default async function VehicleSizesPage() {
  await requireAdminPage("/admin/services/vehicle-sizes");
  const sizes = await listVehicleSizesForAdmin();
  return (
    <OrderedListScreen
      title="Vehicle sizes"
      intro="Customers pick their vehicle's size when they book; every price depends on it. Examples help them choose."
      noun="size"
      listTitle="All sizes"
      empty={<>No sizes yet. Add the first one above — for example &ldquo;Small&rdquo;.</>}
      fields={[
        { name: "name", label: "Name", half: true },
        {
          name: "examples",
          label: "Examples",
          help: "For example: Fiesta, Polo, Corsa",
          required: false,
          half: true,
        },
        { name: "description", label: "Description", required: false },
      ]}
      create={createVehicleSizeAction}
      update={updateVehicleSizeAction}
      actions={{
        move: moveVehicleSizeAction,
        setActive: setVehicleSizeActiveAction,
        remove: deleteVehicleSizeAction,
      }}
      rows={sizes.map((s) => ({
        id: s.id,
        name: s.name,
        isActive: s.isActive,
        values: { name: s.name, description: s.description, examples: s.examples },
        details: (
          <>
            {s.description && <p className="mt-1 text-sm text-ink-muted">{s.description}</p>}
            {s.examples && <p className="mt-1 text-sm text-ink-muted">e.g. {s.examples}</p>}
            <p className="mt-1 text-sm text-ink-subtle">
              {s.priceCount === 1 ? "1 price" : `${s.priceCount} prices`} ·{" "}
              {s.vehicleCount === 1 ? "1 customer vehicle" : `${s.vehicleCount} customer vehicles`}
            </p>
          </>
        ),
      }))}
    />
  );
}
