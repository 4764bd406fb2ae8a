"use client";

import { useEffect, useId, useState } from "react";
import { Button } from "@/components/ui/button";
import { Form, type FormResult } from "@/components/ui/form/form";
import { SubmitButton, TextAreaField } from "@/components/ui/form/form-fields";
import { customerSavedAction, phoneJobDayAction, phoneQuoteAction } from "../admin-phone-actions";
import { AdminSlotPicker } from "@/modules/booking-moves/components/admin-slot-picker";
import { FieldError, type Hit, Part, type Quote, type Saved } from "./phone-booking-parts";
import { PhoneAddressPart } from "./phone-address-part";
import { PhoneCustomerPart } from "./phone-customer-part";
import { PhoneJobPart } from "./phone-job-part";
import { type MoreVehicle, moreVehicleInput, PhoneMoreVehiclePart } from "./phone-more-vehicle-part";
import { type PhonePayment, PhonePaymentPart } from "./phone-payment-part";
import { PhonePricePart } from "./phone-price-part";

// /admin/bookings/new — a booking taken on the phone, in one form: find the customer (or add one), their
// vehicle and address (saved or new), the job (priced by the server exactly as the wizard prices it), a
// time from the slot picker (override with a reason), and how it is paid. Each payment choice says what
// will happen. The booking is made by the server action the page passes in (it composes payments).
// The form holds what the sections share (the customer, the job, the price); each section is its own
// file beside this one.

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
  /** The business's limit of vehicles in one visit. */
  maxVehicles: number;
  /** Chosen already (/admin/bookings/new?customer={id}), with their saved vehicles and addresses. */
  initialCustomer?: Hit;
  initialSaved?: Saved;
};

export function AdminPhoneBookingForm(props: Props) {
  const id = useId();
  const [run] = useState(() => crypto.randomUUID());
  const [mode, setMode] = useState<"existing" | "new">("existing");
  const [customer, setCustomer] = useState<Hit | null>(props.initialCustomer ?? null);
  const [saved, setSaved] = useState<Saved | null>(props.initialSaved ?? null);
  const [vehicleId, setVehicleId] = useState(props.initialSaved?.vehicles[0]?.id ?? "");
  const [addressId, setAddressId] = useState(props.initialSaved?.addresses[0]?.id ?? "");
  const [service, setService] = useState(props.packages[0]?.slug ?? "");
  const [size, setSize] = useState(props.initialSaved?.vehicles[0]?.sizeId ?? "");
  const [addons, setAddons] = useState<string[]>([]);
  const [more, setMore] = useState<MoreVehicle[]>([]);
  const [postcode, setPostcode] = useState("");
  const [quote, setQuote] = useState<Quote | null>(null);
  const [payment, setPayment] = useState<PhonePayment>(props.initialSaved?.account ? "on_account" : "link");

  const existing = mode === "existing" && customer;
  // On account is a choice only for a customer who has it; another customer's form falls back to a link.
  const account = existing ? (saved?.account ?? null) : null;
  const paymentShown: PhonePayment = payment === "on_account" && !account ? "link" : payment;
  const savedVehicles = existing ? (saved?.vehicles ?? []) : [];
  const savedAddresses = existing ? (saved?.addresses ?? []) : [];
  const offer = props.offers[service];
  const sizes = props.sizes.filter((z) => offer?.sizeIds.includes(z.id));
  const addonChoices = (size && offer?.addons[size]) || [];
  const moreInput = more.map((m) => moreVehicleInput(m, props.offers));
  const job = {
    service,
    size: size || undefined,
    addons: addons.filter((a) => addonChoices.some((c) => c.slug === a)),
    more: moreInput.map((m) => ({ service: m.service, size: m.size || undefined, addons: m.addons })),
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

  // A further vehicle's saved choice belongs to the customer it was made for.
  const forgetSavedMore = () => setMore((list) => list.map((m) => ({ ...m, savedVehicleId: "" })));

  async function choose(hit: Hit) {
    setCustomer(hit);
    setSaved(null);
    forgetSavedMore();
    setVehicleId("");
    setAddressId("");
    const res = await customerSavedAction({ customerId: hit.id });
    if (res.ok) {
      const data = res.data as Saved;
      setSaved(data);
      // A business on account is booked on account unless the admin says otherwise.
      if (data.account) setPayment("on_account");
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
    quote &&
    quote.totalMinor >= 0 &&
    service &&
    size &&
    !quote.errors.service &&
    !quote.errors.size &&
    more.every(
      (m, i) => m.service && m.size && !quote.errors[`more.${i}.service`] && !quote.errors[`more.${i}.size`],
    ),
  );
  const updateMore = (key: string, patch: Partial<MoreVehicle>) =>
    setMore((list) => list.map((m) => (m.key === key ? { ...m, ...patch } : m)));
  const addVehicle = () =>
    setMore((list) => [
      ...list,
      {
        key: crypto.randomUUID(),
        savedVehicleId: "",
        make: "",
        model: "",
        registration: "",
        colour: "",
        service: props.packages[0]?.slug ?? "",
        size: "",
        addons: [],
      },
    ]);
  /** The customer's saved vehicles still free for this further vehicle (not the first's, nor another's). */
  const savedFor = (m: MoreVehicle) =>
    savedVehicles.filter(
      (v) =>
        v.id === m.savedVehicleId || (v.id !== vehicleId && !more.some((o) => o.savedVehicleId === v.id)),
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
        more: moreInput,
      }}
      followRedirect
      aria-label="New phone booking"
      className="space-y-6"
    >
      <PhoneCustomerPart
        formId={id}
        mode={mode}
        onMode={(m) => {
          setMode(m);
          forgetSavedMore();
        }}
        customer={customer}
        onChoose={(hit) => void choose(hit)}
        initialCustomer={props.initialCustomer}
      />

      <PhoneJobPart
        formId={id}
        title={more.length ? "Vehicle 1" : "Vehicle and job"}
        savedVehicles={savedVehicles}
        vehicleId={vehicleId}
        onVehicle={pickVehicle}
        newVehicle={!existing || vehicleId === ""}
        packages={props.packages}
        service={service}
        onService={setService}
        sizes={sizes}
        size={size}
        onSize={setSize}
        sizeProblem={quote?.errors.size}
        addonChoices={addonChoices}
        addons={addons}
        onAddons={setAddons}
      />

      {more.map((m, i) => (
        <PhoneMoreVehiclePart
          key={m.key}
          formId={id}
          index={i}
          value={m}
          onChange={(patch) => updateMore(m.key, patch)}
          onRemove={() => setMore((list) => list.filter((o) => o.key !== m.key))}
          savedVehicles={savedFor(m)}
          packages={props.packages}
          sizes={props.sizes}
          offers={props.offers}
          sizeProblem={quote?.errors[`more.${i}.size`]}
        />
      ))}
      <div>
        {1 + more.length < props.maxVehicles ? (
          <Button onClick={addVehicle}>Add another vehicle</Button>
        ) : (
          <p className="text-sm text-ink-muted">
            {props.maxVehicles === 1
              ? "One vehicle per visit (set in Settings)."
              : `That is the most vehicles one visit takes (${props.maxVehicles}).`}
          </p>
        )}
        <FieldError name="more" />
      </div>

      <PhoneAddressPart
        formId={id}
        savedAddresses={savedAddresses}
        addressId={addressId}
        onAddress={setAddressId}
        newAddress={!existing || addressId === ""}
        postcode={postcode}
        onPostcode={setPostcode}
        outsideArea={Boolean(quote?.outsideArea)}
        pricedPostcode={quote?.postcode ?? null}
      />

      <PhonePricePart quote={quote} />

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
            {more.length
              ? "The free times appear once each vehicle's service and size are chosen."
              : "The free times appear once the service and size are chosen."}
          </p>
        )}
        {!jobReady && <FieldError name="start" />}
      </Part>

      <PhonePaymentPart
        payment={paymentShown}
        onPayment={setPayment}
        account={account}
        holdMinutes={props.holdMinutes}
        quote={quote}
      />

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
          {paymentShown === "link"
            ? "The customer is emailed the payment link."
            : "The customer is emailed the confirmation with its calendar file."}
        </p>
      </div>
    </Form>
  );
}
