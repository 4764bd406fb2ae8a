"use client";

import { type ReactNode, useContext } from "react";
import { FormContext } from "@/components/ui/form/form-context";
import { Legend } from "@/components/ui/form/label";
import type { PhoneQuote } from "../server/phone-job";

// The pieces the phone booking's sections are made of (admin-phone-booking-form.tsx), and what the
// server answers them with.

export type Hit = { id: string; name: string; email: string; phone: string | null; registrations: string[] };
export type Saved = {
  vehicles: { id: string; label: string; sizeId: string }[];
  addresses: { id: string; label: string; postcode: string }[];
  account: { companyName: string; paymentTermsDays: number } | null;
};
/** The price the server quotes for the form (quotePhoneJob), as the form shows it. */
export type Quote = Omit<PhoneQuote, "minutes">;

/** One section of the form, a card titled by its legend. */
export function Part({ title, children }: { title: string; children: ReactNode }) {
  return (
    <fieldset className="rounded-card border border-line bg-surface p-4 shadow-card sm:p-5">
      <legend className="px-1 text-lg font-semibold">{title}</legend>
      <div className="mt-2">{children}</div>
    </fieldset>
  );
}

/** The server's message for a value the form sends itself (the form's `extra`), under its choices. */
export function FieldError({ name }: { name: string }) {
  const { fieldErrors } = useContext(FormContext);
  const message = fieldErrors[name]?.[0];
  return message ? <p className="mt-1 text-sm text-danger">{message}</p> : null;
}

/** A radio drawn as a card: the whole card is the target. */
export function Choice(props: {
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

/** The customer's saved vehicles or addresses to pick from, then "Another …" (typed in below). */
export function SavedChoices(props: {
  legend: string;
  name: string;
  /** The field the choice is sent as, and whose message shows under the list. */
  field: string;
  items: { id: string; label: string }[];
  value: string;
  onPick: (id: string) => void;
  other: string;
}) {
  const choice = (id: string, label: string) => (
    <Choice
      name={props.name}
      field={props.field}
      value={id}
      checked={props.value === id}
      onChange={() => props.onPick(id)}
    >
      {label}
    </Choice>
  );
  return (
    <fieldset className="mb-4">
      <Legend>{props.legend}</Legend>
      <ul className="mt-2 space-y-2">
        {props.items.map((item) => (
          <li key={item.id}>{choice(item.id, item.label)}</li>
        ))}
        <li>{choice("", props.other)}</li>
      </ul>
      <FieldError name={props.field} />
    </fieldset>
  );
}
