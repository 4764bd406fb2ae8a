import { EmptyState } from "@/components/ui/data/empty-state";
import { cardClass, cardListClass } from "@/components/ui/card";
import { summaryClass } from "@/components/ui/button";
import { ActiveBadge } from "@/components/ui/active-badge";
import { Checkbox, Field, Form, SubmitButton } from "@/components/ui/form/form";
import { getPublicSettings } from "@/modules/settings/server";
import { formatDuration } from "@/lib/dates";
import { formatMoney } from "@/lib/money";
import { formatMoneyInput, formatPrefixes } from "../domain/zone-input";
import { type AdminZone, listZonesForAdmin } from "../server/zones";
import { createZoneAction, deleteZoneAction, setZoneActiveAction, updateZoneAction } from "../zone-actions";
import { ZonesPostcodeCheck } from "./zones-postcode-check";
import { ActionButton } from "@/components/ui/action-button";
import { ConfirmActionButton } from "@/components/ui/overlay/confirm-action-button";

const PREFIX_HELP =
  "Separate with commas: an area (SE), a district (SW9) or a sector (SW9 8). A prefix can be in only one active zone.";

/** The zone's fields, blank for a new zone or pre-filled for an edit. */
function ZoneFields({ zone, currency }: { zone?: AdminZone; currency: string }) {
  return (
    <>
      <Field
        name="name"
        label="Name"
        defaultValue={zone?.name}
        autoComplete="off"
        help={zone ? undefined : "e.g. Brixton"}
      />
      <Field
        name="prefixes"
        label="Postcode prefixes"
        defaultValue={zone ? formatPrefixes(zone.postcodePrefixes) : undefined}
        autoComplete="off"
        help={PREFIX_HELP}
      />
      <div className="grid gap-x-4 sm:grid-cols-2">
        <Field
          name="travelFee"
          label="Travel fee"
          inputMode="decimal"
          defaultValue={zone ? formatMoneyInput(zone.travelFeeMinor) : undefined}
          autoComplete="off"
          required={false}
          help={`In ${currency}, e.g. 4.50. Empty for no fee.`}
        />
        <Field
          name="extraMinutes"
          label="Extra travel minutes"
          inputMode="numeric"
          defaultValue={zone ? String(zone.travelBufferMinutes) : undefined}
          autoComplete="off"
          required={false}
          help="0–240, in steps of 5."
        />
      </div>
    </>
  );
}

function ZoneItem({ zone, currency }: { zone: AdminZone; currency: string }) {
  return (
    <li className="flex flex-col gap-3 p-4 sm:flex-row sm:items-start sm:justify-between">
      <div className="min-w-0">
        <p className="flex flex-wrap items-center gap-2 font-medium">
          <span>{zone.name}</span>
          <ActiveBadge isActive={zone.isActive} />
        </p>
        <ul aria-label={`Postcode prefixes of ${zone.name}`} className="mt-2 flex flex-wrap gap-1.5">
          {zone.postcodePrefixes.map((p) => (
            <li
              key={p}
              className="rounded-full border border-line-strong bg-canvas px-2 py-0.5 text-xs font-semibold tabular-nums"
            >
              {p}
            </li>
          ))}
        </ul>
        <p className="mt-2 text-sm text-ink-muted tabular-nums">
          {zone.travelFeeMinor > 0
            ? `Travel fee ${formatMoney(zone.travelFeeMinor, currency)}`
            : "No travel fee"}
          {" · "}
          {zone.travelBufferMinutes > 0
            ? `+${formatDuration(zone.travelBufferMinutes)} travel time`
            : "No extra travel time"}
        </p>
        <details className="mt-2">
          <summary className={summaryClass}>
            Edit<span className="sr-only"> {zone.name}</span>
          </summary>
          <Form
            action={updateZoneAction}
            extra={{ id: zone.id }}
            refreshOnSuccess
            successMessage="Saved."
            aria-label={`Edit ${zone.name}`}
            className="mt-2 max-w-md"
          >
            <ZoneFields zone={zone} currency={currency} />
            <SubmitButton>Save</SubmitButton>
          </Form>
        </details>
      </div>
      <div className="flex flex-wrap items-start gap-2 sm:justify-end">
        <ActionButton action={setZoneActiveAction} input={{ id: zone.id, isActive: !zone.isActive }}>
          {zone.isActive ? "Deactivate" : "Activate"}
          <span className="sr-only"> {zone.name}</span>
        </ActionButton>
        <ConfirmActionButton
          action={deleteZoneAction}
          input={{ id: zone.id }}
          title={`Delete ${zone.name}?`}
          description={`${
            zone.isActive
              ? `${zone.postcodePrefixes.join(", ")} will no longer be covered unless another active zone includes them. `
              : ""
          }Existing bookings keep their travel fee. This cannot be undone.`}
          confirmLabel="Delete zone"
          successToast="Zone deleted."
        >
          Delete<span className="sr-only"> {zone.name}</span>
        </ConfirmActionButton>
      </div>
    </li>
  );
}

/**
 * The travel-zones admin: the zones, adding one, and checking which zone a postcode falls in. A
 * self-contained section (it reads its own data), for the pricing page.
 */
export async function TravelZones() {
  const [zones, settings] = await Promise.all([listZonesForAdmin(), getPublicSettings()]);
  const { currency } = settings;
  const revision = zones
    .map((z) => [z.id, z.isActive, z.postcodePrefixes, z.travelFeeMinor, z.travelBufferMinutes].join("|"))
    .join(";");
  return (
    <section aria-labelledby="travel-zones" className="mt-8">
      <h2 id="travel-zones" className="text-lg font-semibold">
        Travel zones
      </h2>
      <p className="mt-1 max-w-2xl text-sm text-ink-muted">
        The postcodes you cover. A customer&apos;s postcode belongs to the zone with the longest matching
        prefix (SW9 8 beats SW9, which beats SW). That zone&apos;s travel fee is added to the booking, and its
        extra minutes to the job&apos;s travel time. Inactive zones are ignored.
      </p>

      {zones.length === 0 ? (
        <EmptyState className="mt-3">
          No travel zones yet, so no postcode is covered. Add the first one below — for example
          &ldquo;Brixton&rdquo; with SW2, SW9.
        </EmptyState>
      ) : (
        <ul aria-label="Travel zones" className={`mt-3 ${cardListClass}`}>
          {zones.map((z) => (
            <ZoneItem key={z.id} zone={z} currency={currency} />
          ))}
        </ul>
      )}

      <div className="mt-6 grid gap-6 lg:grid-cols-2">
        <section aria-labelledby="add-zone" className={cardClass}>
          <h3 id="add-zone" className="font-semibold">
            Add a zone
          </h3>
          <Form
            action={createZoneAction}
            resetOnSuccess
            refreshOnSuccess
            successMessage="Zone added."
            aria-label="Add a zone"
            className="mt-4"
          >
            <ZoneFields currency={currency} />
            <Checkbox
              name="isActive"
              label="Active"
              defaultChecked
              help="Inactive zones are ignored when matching postcodes."
            />
            <SubmitButton>Add zone</SubmitButton>
          </Form>
        </section>

        <section aria-labelledby="check-postcode" className={`self-start ${cardClass}`}>
          <h3 id="check-postcode" className="font-semibold">
            Check a postcode
          </h3>
          <p className="mt-1 text-sm text-ink-muted">
            See which active zone a booking at a postcode would get, and what it adds.
          </p>
          <div className="mt-4">
            <ZonesPostcodeCheck currency={currency} revision={revision} />
          </div>
        </section>
      </div>
    </section>
  );
}
