"use client";

import { Search } from "lucide-react";
import { type ReactNode, useContext, useEffect, useId, useState } from "react";
import { Button } from "@/components/ui/button";
import { controlClass } from "@/components/ui/control";
import { Form, type FormResult } from "@/components/ui/form";
import { FormContext } from "@/components/ui/form-context";
import {
  Checkbox,
  Field,
  FieldMessage,
  SubmitButton,
  TextAreaField,
  useFieldWiring,
} from "@/components/ui/form-fields";
import { Notice } from "@/components/ui/notice";
import {
  customerSavedAction,
  phoneJobDayAction,
  phoneQuoteAction,
  searchCustomersAction,
} from "../admin-phone-actions";
import { AdminSlotPicker } from "@/modules/bookings/components/admin-slot-picker";

// /admin/bookings/new — a booking taken on the phone, in one form: find the customer (or add one), their
// vehicle and address (saved or new), the job (priced by the server exactly as the wizard prices it), a
// time from the slot picker (override with a reason), and how it is paid. Each payment choice says what
// will happen. The booking is made by the server action the page passes in (it composes payments).

type Offer = { sizeIds: string[]; addons: Record<string, { slug: string; name: string }[]> };
type Props = {
  create: (input: Record<string, unknown>) => Promise<FormResult>;
  packages: { slug: string; name: string; categoryName: string }[];
  sizes: { id: string; name: string }[];
  offers: Record<string, Offer>;
  teams: { id: string; name: string }[];
  timeZone: string;
  firstDate: string;
  holdMinutes: number;
  /** Chosen already (/admin/bookings/new?customer={id}), with their saved vehicles and addresses. */
  initialCustomer?: Hit;
  initialSaved?: Saved;
};

type Hit = { id: string; name: string; email: string; phone: string | null; registrations: string[] };
type Saved = {
  vehicles: { id: string; label: string; sizeId: string }[];
  addresses: { id: string; label: string; postcode: string }[];
};
type Quote = {
  lines: { name: string; price: string }[];
  total: string;
  totalMinor: number;
  duration: string;
  dueNowOnline: string;
  zoneName: string | null;
  outsideArea: boolean;
  postcode: string | null;
  errors: Record<string, string>;
};

function Part({ title, children }: { title: string; children: ReactNode }) {
  return (
    <fieldset className="rounded-card border border-line bg-surface p-4 shadow-card sm:p-5">
      <legend className="px-1 text-lg font-semibold">{title}</legend>
      <div className="mt-2">{children}</div>
    </fieldset>
  );
}

/**
 * A control the form drives itself, wired like the kit's fields (message, aria-invalid, first error
 * focused). A child of `Form`, whose context holds the messages.
 */
function Wired({
  name,
  children,
}: {
  name: string;
  children: (field: ReturnType<typeof useFieldWiring>) => ReactNode;
}) {
  return children(useFieldWiring(name));
}

function FieldError({ name }: { name: string }) {
  const { fieldErrors } = useContext(FormContext);
  const message = fieldErrors[name]?.[0];
  return message ? <p className="mt-1 text-sm text-danger">{message}</p> : null;
}

function Choice(props: {
  name: string;
  /** The field whose error choosing this answers (the value is sent by the form's `extra`). */
  field?: string;
  value: string;
  checked: boolean;
  onChange: () => void;
  children: ReactNode;
}) {
  return (
    <label
      className={`flex min-h-11 cursor-pointer items-start gap-3 rounded-control border p-3 ${
        props.checked ? "border-brand bg-brand-soft/40" : "border-line"
      }`}
    >
      <input
        type="radio"
        name={props.name}
        data-field={props.field}
        value={props.value}
        checked={props.checked}
        onChange={props.onChange}
        className="mt-0.5 size-5 shrink-0 accent-brand"
      />
      <span className="min-w-0">{props.children}</span>
    </label>
  );
}

export function AdminPhoneBookingForm(props: Props) {
  const id = useId();
  const [run] = useState(() => crypto.randomUUID());
  const [mode, setMode] = useState<"existing" | "new">("existing");
  const [q, setQ] = useState("");
  const [hits, setHits] = useState<Hit[] | null>(props.initialCustomer ? [props.initialCustomer] : null);
  const [searchError, setSearchError] = useState<string | null>(null);
  const [searching, setSearching] = useState(false);
  const [customer, setCustomer] = useState<Hit | null>(props.initialCustomer ?? null);
  const [saved, setSaved] = useState<Saved | null>(props.initialSaved ?? null);
  const [vehicleId, setVehicleId] = useState(props.initialSaved?.vehicles[0]?.id ?? "");
  const [addressId, setAddressId] = useState(props.initialSaved?.addresses[0]?.id ?? "");
  const [service, setService] = useState(props.packages[0]?.slug ?? "");
  const [size, setSize] = useState(props.initialSaved?.vehicles[0]?.sizeId ?? "");
  const [addons, setAddons] = useState<string[]>([]);
  const [postcode, setPostcode] = useState("");
  const [quote, setQuote] = useState<Quote | null>(null);
  const [payment, setPayment] = useState<"link" | "manual" | "on_the_day">("link");

  const existing = mode === "existing" && customer;
  const savedVehicles = existing ? (saved?.vehicles ?? []) : [];
  const savedAddresses = existing ? (saved?.addresses ?? []) : [];
  const offer = props.offers[service];
  const sizes = props.sizes.filter((z) => offer?.sizeIds.includes(z.id));
  const addonChoices = (size && offer?.addons[size]) || [];
  const job = {
    service,
    size: size || undefined,
    addons: addons.filter((a) => addonChoices.some((c) => c.slug === a)),
    postcode: addressId ? null : postcode,
    savedAddressId: addressId || undefined,
    customerId: existing ? customer.id : undefined,
  };
  const jobKey = JSON.stringify(job);

  useEffect(() => {
    let live = true;
    const timer = setTimeout(() => {
      phoneQuoteAction(JSON.parse(jobKey) as Record<string, unknown>).then((res) => {
        if (live) setQuote(res.ok ? (res.data as Quote) : null);
      });
    }, 250);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [jobKey]);

  async function search() {
    setSearching(true);
    setSearchError(null);
    const res = await searchCustomersAction({ q });
    setSearching(false);
    if (res.ok) setHits(res.data as Hit[]);
    else {
      setHits(null);
      setSearchError(res.fieldErrors?.q?.[0] ?? res.message);
    }
  }

  async function choose(hit: Hit) {
    setCustomer(hit);
    setSaved(null);
    setVehicleId("");
    setAddressId("");
    const res = await customerSavedAction({ customerId: hit.id });
    if (res.ok) {
      const data = res.data as Saved;
      setSaved(data);
      const v = data.vehicles[0];
      if (v) {
        setVehicleId(v.id);
        setSize(v.sizeId);
      }
      if (data.addresses[0]) setAddressId(data.addresses[0].id);
    }
  }

  const pickVehicle = (v: { id: string; sizeId: string } | null) => {
    setVehicleId(v?.id ?? "");
    if (v) setSize(v.sizeId);
  };

  const jobReady = Boolean(
    quote && quote.totalMinor >= 0 && service && size && !quote.errors.service && !quote.errors.size,
  );

  return (
    <Form
      action={props.create}
      extra={{
        run,
        customerMode: mode,
        customerId: existing ? customer.id : "",
        savedVehicleId: existing ? vehicleId : "",
        savedAddressId: existing ? addressId : "",
        addons: job.addons,
        size,
        service,
      }}
      followRedirect
      aria-label="New phone booking"
      className="space-y-6"
    >
      <Part title="Customer">
        <div className="grid gap-2 sm:grid-cols-2">
          <Choice
            name={`${id}-mode`}
            value="existing"
            checked={mode === "existing"}
            onChange={() => setMode("existing")}
          >
            Find a customer
          </Choice>
          <Choice name={`${id}-mode`} value="new" checked={mode === "new"} onChange={() => setMode("new")}>
            New customer
          </Choice>
        </div>
        {mode === "existing" ? (
          <div className="mt-4">
            <label htmlFor={`${id}-q`} className="block text-sm font-medium">
              Name, email, phone or registration
            </label>
            <div className="mt-1 flex gap-2">
              <input
                id={`${id}-q`}
                type="search"
                value={q}
                onChange={(e) => setQ(e.target.value)}
                onKeyDown={(e) => {
                  if (e.key === "Enter") {
                    e.preventDefault();
                    void search();
                  }
                }}
                className={`${controlClass(Boolean(searchError))} min-h-11`}
              />
              <Button type="button" onClick={() => void search()} pending={searching}>
                <Search aria-hidden="true" className="size-4" />
                Search
              </Button>
            </div>
            {searchError && <p className="mt-1 text-sm text-danger">{searchError}</p>}
            <div aria-live="polite">
              {hits && hits.length === 0 && (
                <p className="mt-3 text-sm text-ink-muted">
                  Nobody matches “{q}”. Check the spelling, or add them as a new customer.
                </p>
              )}
              {hits && hits.length > 0 && (
                <fieldset className="mt-3">
                  <legend className="text-sm font-medium">
                    {hits.length === 1 ? "1 customer found" : `${hits.length} customers found`}
                  </legend>
                  <ul className="mt-2 space-y-2">
                    {hits.map((h) => (
                      <li key={h.id}>
                        <Choice
                          name={`${id}-customer`}
                          field="customerId"
                          value={h.id}
                          checked={customer?.id === h.id}
                          onChange={() => void choose(h)}
                        >
                          <span className="font-medium">{h.name}</span>
                          <span className="block text-sm break-words text-ink-muted">
                            {[h.email, h.phone, h.registrations.join(", ")].filter(Boolean).join(" · ")}
                          </span>
                        </Choice>
                      </li>
                    ))}
                  </ul>
                </fieldset>
              )}
            </div>
            <FieldError name="customerId" />
          </div>
        ) : (
          <div className="mt-4 grid gap-x-4 sm:grid-cols-2">
            <Field name="name" label="Name" autoComplete="off" />
            <Field name="phone" label="Phone" type="tel" autoComplete="off" />
            <div className="sm:col-span-2">
              <Field name="email" label="Email" type="email" autoComplete="off" />
              <Checkbox
                name="sendSetupLink"
                label="Email them a link to set a password"
                help="They can then sign in to see and manage their bookings. Their booking emails are sent either way."
              />
            </div>
          </div>
        )}
      </Part>

      <Part title="Vehicle and job">
        {savedVehicles.length > 0 && (
          <fieldset className="mb-4">
            <legend className="text-sm font-medium">Vehicle</legend>
            <ul className="mt-2 space-y-2">
              {savedVehicles.map((v) => (
                <li key={v.id}>
                  <Choice
                    name={`${id}-vehicle`}
                    field="savedVehicleId"
                    value={v.id}
                    checked={vehicleId === v.id}
                    onChange={() => pickVehicle(v)}
                  >
                    {v.label}
                  </Choice>
                </li>
              ))}
              <li>
                <Choice
                  name={`${id}-vehicle`}
                  field="savedVehicleId"
                  value=""
                  checked={vehicleId === ""}
                  onChange={() => pickVehicle(null)}
                >
                  Another vehicle
                </Choice>
              </li>
            </ul>
            <FieldError name="savedVehicleId" />
          </fieldset>
        )}
        {(!existing || vehicleId === "") && (
          <div className="grid gap-x-4 sm:grid-cols-2">
            <Field name="make" label="Make" autoComplete="off" />
            <Field name="model" label="Model" autoComplete="off" />
            <Field name="registration" label="Registration" autoComplete="off" />
            <Field name="colour" label="Colour" required={false} autoComplete="off" />
          </div>
        )}
        <div className="grid gap-x-4 sm:grid-cols-2">
          <Wired name="service">
            {(serviceField) => (
              <div className="mb-4">
                <label htmlFor={serviceField.id} className="block text-sm font-medium">
                  Service
                </label>
                <select
                  id={serviceField.id}
                  data-field="service"
                  aria-required
                  value={service}
                  onChange={(e) => setService(e.target.value)}
                  aria-invalid={serviceField.errors ? true : undefined}
                  aria-describedby={serviceField.describedBy}
                  className={`${controlClass(Boolean(serviceField.errors))} min-h-11`}
                >
                  {props.packages.map((p) => (
                    <option key={p.slug} value={p.slug}>
                      {p.categoryName}: {p.name}
                    </option>
                  ))}
                </select>
                <FieldMessage id={serviceField.id} errors={serviceField.errors} />
              </div>
            )}
          </Wired>
          <Wired name="size">
            {(sizeField) => (
              <div className="mb-4">
                <label htmlFor={sizeField.id} className="block text-sm font-medium">
                  Vehicle size
                </label>
                <select
                  id={sizeField.id}
                  data-field="size"
                  aria-required
                  value={size}
                  onChange={(e) => setSize(e.target.value)}
                  aria-invalid={sizeField.errors ? true : undefined}
                  aria-describedby={sizeField.describedBy}
                  className={`${controlClass(Boolean(sizeField.errors))} min-h-11`}
                >
                  <option value="">Choose a size</option>
                  {sizes.map((z) => (
                    <option key={z.id} value={z.id}>
                      {z.name}
                    </option>
                  ))}
                </select>
                <FieldMessage id={sizeField.id} errors={sizeField.errors} />
                {quote?.errors.size && size && (
                  <p className="mt-1 text-sm text-danger">{quote.errors.size}</p>
                )}
              </div>
            )}
          </Wired>
        </div>
        {addonChoices.length > 0 && (
          <fieldset className="mb-2">
            <legend className="text-sm font-medium">Add-ons</legend>
            <div className="mt-2 flex flex-wrap gap-x-5 gap-y-1">
              {addonChoices.map((a) => (
                <label key={a.slug} className="flex min-h-11 items-center gap-2 text-sm">
                  <input
                    type="checkbox"
                    data-field="addons"
                    checked={addons.includes(a.slug)}
                    onChange={(e) =>
                      setAddons((list) =>
                        e.target.checked ? [...list, a.slug] : list.filter((x) => x !== a.slug),
                      )
                    }
                    className="size-5 accent-brand"
                  />
                  {a.name}
                </label>
              ))}
            </div>
            <FieldError name="addons" />
          </fieldset>
        )}
      </Part>

      <Part title="Address">
        {savedAddresses.length > 0 && (
          <fieldset className="mb-4">
            <legend className="text-sm font-medium">Where</legend>
            <ul className="mt-2 space-y-2">
              {savedAddresses.map((a) => (
                <li key={a.id}>
                  <Choice
                    name={`${id}-address`}
                    field="savedAddressId"
                    value={a.id}
                    checked={addressId === a.id}
                    onChange={() => setAddressId(a.id)}
                  >
                    {a.label}
                  </Choice>
                </li>
              ))}
              <li>
                <Choice
                  name={`${id}-address`}
                  field="savedAddressId"
                  value=""
                  checked={addressId === ""}
                  onChange={() => setAddressId("")}
                >
                  Another address
                </Choice>
              </li>
            </ul>
            <FieldError name="savedAddressId" />
          </fieldset>
        )}
        {(!existing || addressId === "") && (
          <div className="grid gap-x-4 sm:grid-cols-2">
            <Wired name="postcode">
              {(postcodeField) => (
                <div className="mb-4">
                  <label htmlFor={postcodeField.id} className="block text-sm font-medium">
                    Postcode
                  </label>
                  <input
                    id={postcodeField.id}
                    name="postcode"
                    aria-required
                    value={postcode}
                    onChange={(e) => setPostcode(e.target.value)}
                    autoComplete="off"
                    aria-invalid={postcodeField.errors ? true : undefined}
                    aria-describedby={postcodeField.describedBy}
                    className={`${controlClass(Boolean(postcodeField.errors))} min-h-11`}
                  />
                  <FieldMessage id={postcodeField.id} errors={postcodeField.errors} />
                </div>
              )}
            </Wired>
            <Field name="line1" label="Address line 1" autoComplete="off" />
            <Field name="line2" label="Address line 2" required={false} autoComplete="off" />
            <Field name="town" label="Town or city" autoComplete="off" />
            <div className="sm:col-span-2">
              <TextAreaField name="accessNotes" label="Access notes" required={false} rows={2} />
              <Checkbox name="hasWater" label="Water available on site" />
              <Checkbox name="hasPower" label="Power available on site" />
              <Checkbox name="hasCoveredSpace" label="Covered space" />
            </div>
          </div>
        )}
        {quote?.outsideArea && (
          <Notice kind="warning">
            {quote.postcode} is outside your service area: no travel fee is added. Make sure a team can get
            there before you book it.
          </Notice>
        )}
      </Part>

      <Part title="Price">
        {quote && quote.lines.length > 0 ? (
          <div>
            <table className="w-full text-sm">
              <caption className="sr-only">Price</caption>
              <tbody>
                {quote.lines.map((l) => (
                  <tr key={l.name} className="border-b border-line">
                    <td className="py-2">{l.name}</td>
                    <td className="py-2 text-right tabular">{l.price}</td>
                  </tr>
                ))}
                <tr>
                  <th scope="row" className="py-2 text-left font-semibold">
                    Total
                  </th>
                  <td className="py-2 text-right font-semibold tabular">{quote.total}</td>
                </tr>
              </tbody>
            </table>
            <p className="mt-1 text-sm text-ink-muted">
              {quote.duration} of work{quote.zoneName ? ` · ${quote.zoneName}` : ""}.
            </p>
          </div>
        ) : (
          <p className="text-sm text-ink-muted">
            Choose the service and the vehicle&apos;s size to see the price.
          </p>
        )}
      </Part>

      <Part title="Time">
        {jobReady ? (
          <AdminSlotPicker
            loadDay={(date) => phoneJobDayAction({ ...job, date })}
            initialDate={props.firstDate}
            timeZone={props.timeZone}
            teams={props.teams}
            jobKey={jobKey}
            reasonLabel="Reason for overriding (recorded in the audit log)"
          />
        ) : (
          <p className="text-sm text-ink-muted">
            The free times appear once the service and size are chosen.
          </p>
        )}
        {!jobReady && <FieldError name="start" />}
      </Part>

      <Part title="Payment">
        <ul className="space-y-2">
          <li>
            <Choice
              name="payment"
              value="link"
              checked={payment === "link"}
              onChange={() => setPayment("link")}
            >
              <span className="font-medium">Send a payment link</span>
              <span className="block text-sm text-ink-muted">
                The time is held for {props.holdMinutes} minutes as Awaiting payment and the customer is
                emailed a link to pay {quote?.dueNowOnline ?? "what is due"} online. Unpaid by then, the time
                is released.
              </span>
            </Choice>
          </li>
          <li>
            <Choice
              name="payment"
              value="manual"
              checked={payment === "manual"}
              onChange={() => setPayment("manual")}
            >
              <span className="font-medium">Record a payment taken now</span>
              <span className="block text-sm text-ink-muted">
                Cash, card terminal or bank transfer. The booking is confirmed and the customer is emailed a
                receipt.
              </span>
            </Choice>
          </li>
          <li>
            <Choice
              name="payment"
              value="on_the_day"
              checked={payment === "on_the_day"}
              onChange={() => setPayment("on_the_day")}
            >
              <span className="font-medium">Pay on the day</span>
              <span className="block text-sm text-ink-muted">
                The booking is confirmed now; {quote?.total ?? "the total"} is due on the day.
              </span>
            </Choice>
          </li>
        </ul>
        <FieldError name="payment" />
        {payment === "manual" && (
          <div className="mt-4 grid gap-x-4 sm:grid-cols-3">
            <Wired name="method">
              {(methodField) => (
                <div className="mb-4">
                  <label htmlFor={methodField.id} className="block text-sm font-medium">
                    Paid by
                  </label>
                  <select
                    id={methodField.id}
                    name="method"
                    aria-required
                    defaultValue=""
                    aria-invalid={methodField.errors ? true : undefined}
                    aria-describedby={methodField.describedBy}
                    className={`${controlClass(Boolean(methodField.errors))} min-h-11`}
                  >
                    <option value="">Choose</option>
                    <option value="cash">Cash</option>
                    <option value="card">Card terminal</option>
                    <option value="bank_transfer">Bank transfer</option>
                  </select>
                  <FieldMessage id={methodField.id} errors={methodField.errors} />
                </div>
              )}
            </Wired>
            <Field
              name="amount"
              label="Amount received (£)"
              inputMode="decimal"
              defaultValue={quote ? (quote.totalMinor / 100).toFixed(2) : ""}
            />
            <Field name="paymentReference" label="Reference" required={false} />
          </div>
        )}
      </Part>

      <Part title="Notes">
        <TextAreaField
          name="notes"
          label="Notes for the job (the customer sees these)"
          required={false}
          rows={2}
        />
        <TextAreaField
          name="internalNotes"
          label="Internal notes (never shown to the customer)"
          required={false}
          rows={2}
        />
      </Part>

      <div className="flex flex-wrap items-center gap-3">
        <SubmitButton>Make the booking</SubmitButton>
        <p className="text-sm text-ink-muted">
          {payment === "link"
            ? "The customer is emailed the payment link."
            : "The customer is emailed the confirmation with its calendar file."}
        </p>
      </div>
    </Form>
  );
}
