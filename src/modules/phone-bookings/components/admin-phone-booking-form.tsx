"use client";

import { useEffect, useId, useState } from "react";
import { Form, type FormResult } from "@/components/ui/form/form";
import { SubmitButton, TextAreaField } from "@/components/ui/form/form-fields";
import { customerSavedAction, phoneJobDayAction, phoneQuoteAction } from "../admin-phone-actions";
import { AdminSlotPicker } from "@/modules/booking-moves/components/admin-slot-picker";
import { FieldError, type Hit, Part, type Quote, type Saved } from "./phone-booking-parts";
import { PhoneAddressPart } from "./phone-address-part";
import { PhoneCustomerPart } from "./phone-customer-part";
import { PhoneJobPart } from "./phone-job-part";
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
  const [postcode, setPostcode] = useState("");
  const [quote, setQuote] = useState<Quote | null>(null);
  const [payment, setPayment] = useState<PhonePayment>("link");

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
      <PhoneCustomerPart
        formId={id}
        mode={mode}
        onMode={setMode}
        customer={customer}
        onChoose={(hit) => void choose(hit)}
        initialCustomer={props.initialCustomer}
      />

      <PhoneJobPart
        formId={id}
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
            The free times appear once the service and size are chosen.
          </p>
        )}
        {!jobReady && <FieldError name="start" />}
      </Part>

      <PhonePaymentPart
        payment={payment}
        onPayment={setPayment}
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
          {payment === "link"
            ? "The customer is emailed the payment link."
            : "The customer is emailed the confirmation with its calendar file."}
        </p>
      </div>
    </Form>
  );
}
