import type { Metadata } from "next";
import { siteAnswerWord } from "@/lib/job/site-answers";
import { ActionButton } from "@/components/ui/action-button";
import { Badge } from "@/components/ui/badge";
import { cardListClass, PageHeader } from "@/components/ui/card";
import { ConfirmActionButton } from "@/components/ui/overlay/confirm-action-button";
import { EmptyState } from "@/components/ui/data/empty-state";
import { routes } from "@/lib/routes";
import { GarageDialog } from "@/modules/accounts/components/garage-dialog";
import { AddressFields } from "@/modules/accounts/components/garage-fields";
import {
  defaultAddressAction,
  deleteAddressAction,
  saveAddressAction,
} from "@/modules/accounts/garage-actions";
import { getMyAddresses } from "@/modules/accounts/server";
import { requireCustomerPage } from "@/server/auth/guards";

export const metadata: Metadata = { title: "Your addresses" };

const SITE = [
  ["hasWater", "Outside tap"],
  ["hasPower", "Power socket"],
  ["hasCoveredSpace", "Covered space"],
] as const;

export default async function AddressesPage() {
  const user = await requireCustomerPage(routes.myAddresses);
  const addresses = await getMyAddresses(user);
  const addButton = (
    <GarageDialog
      trigger="Add an address"
      triggerVariant={addresses.length === 0 ? "primary" : "secondary"}
      title="Add an address"
      action={saveAddressAction}
      submitLabel="Save address"
      successToast="Address saved."
    >
      <AddressFields />
    </GarageDialog>
  );
  return (
    <div className="max-w-3xl">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <PageHeader
          title="Your addresses"
          description="Where we come to you. What you tell us about each place helps the team bring the right kit."
        />
        {addresses.length > 0 && addButton}
      </div>
      {addresses.length === 0 ? (
        <EmptyState className="mt-6" title="No saved addresses yet" action={addButton}>
          An address you book at is saved here for next time, or add one now.
        </EmptyState>
      ) : (
        <ul className={`mt-6 ${cardListClass}`} aria-label="Saved addresses">
          {addresses.map((a) => (
            <li key={a.id} className="flex flex-col gap-3 p-4 sm:flex-row sm:items-start sm:justify-between">
              <div className="min-w-0">
                <p className="flex flex-wrap items-center gap-2 font-medium">
                  <span>{a.label}</span>
                  {a.isDefault && <Badge tone="brand">Default</Badge>}
                </p>
                <p className="mt-1 text-sm">
                  {[a.line1, a.line2, a.town, a.postcode].filter(Boolean).join(", ")}
                </p>
                <p className="mt-1 text-sm text-ink-muted">
                  {SITE.map(([key, label]) => `${label}: ${siteAnswerWord(a[key])}`).join(" · ")}
                </p>
                {a.accessNotes && <p className="mt-1 text-sm break-words">Access: {a.accessNotes}</p>}
              </div>
              <div className="flex flex-wrap gap-2 sm:justify-end">
                <GarageDialog
                  trigger={
                    <>
                      Edit<span className="sr-only"> {a.label}</span>
                    </>
                  }
                  title={`Edit ${a.label}`}
                  description="Bookings you have already made keep the address they were made with."
                  action={saveAddressAction}
                  extra={{ id: a.id }}
                  submitLabel="Save changes"
                  successToast="Address saved."
                >
                  <AddressFields values={a} />
                </GarageDialog>
                {!a.isDefault && (
                  <ActionButton
                    action={defaultAddressAction}
                    input={{ id: a.id }}
                    successToast="Default address changed."
                  >
                    Make default<span className="sr-only"> ({a.label})</span>
                  </ActionButton>
                )}
                <ConfirmActionButton
                  action={deleteAddressAction}
                  input={{ id: a.id }}
                  title={`Delete ${a.label} (${a.postcode})?`}
                  description="It won't be offered when you book. Bookings you have already made keep their address."
                  confirmLabel="Yes, delete it"
                  cancelLabel="Keep it"
                  successToast="Address deleted."
                >
                  Delete<span className="sr-only"> {a.label}</span>
                </ConfirmActionButton>
              </div>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
