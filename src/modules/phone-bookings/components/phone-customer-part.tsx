"use client";

import { Search } from "lucide-react";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { controlClass } from "@/components/ui/form/control";
import { Checkbox, Field } from "@/components/ui/form/form-fields";
import { Label, Legend } from "@/components/ui/form/label";
import { searchCustomersAction } from "../admin-phone-actions";
import { Choice, FieldError, type Hit, Part } from "./phone-booking-parts";

/**
 * Who the booking is for: a customer found by name, email, phone or registration, or a new one typed in
 * (optionally sent a link to set a password).
 */
export function PhoneCustomerPart({
  formId,
  mode,
  onMode,
  customer,
  onChoose,
  initialCustomer,
}: {
  /** The form's id, prefixing its radio groups' names. */
  formId: string;
  mode: "existing" | "new";
  onMode: (mode: "existing" | "new") => void;
  customer: Hit | null;
  onChoose: (hit: Hit) => void;
  initialCustomer?: Hit;
}) {
  const [q, setQ] = useState("");
  const [hits, setHits] = useState<Hit[] | null>(initialCustomer ? [initialCustomer] : null);
  const [searchError, setSearchError] = useState<string | null>(null);
  const [searching, setSearching] = useState(false);

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

  return (
    <Part title="Customer">
      <div className="grid gap-2 sm:grid-cols-2">
        <Choice
          name={`${formId}-mode`}
          value="existing"
          checked={mode === "existing"}
          onChange={() => onMode("existing")}
        >
          Find a customer
        </Choice>
        <Choice name={`${formId}-mode`} value="new" checked={mode === "new"} onChange={() => onMode("new")}>
          New customer
        </Choice>
      </div>
      {mode === "existing" ? (
        <div className="mt-4">
          <Label htmlFor={`${formId}-q`}>Name, email, phone or registration</Label>
          <div className="mt-1 flex gap-2">
            <input
              id={`${formId}-q`}
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
                <Legend>{hits.length === 1 ? "1 customer found" : `${hits.length} customers found`}</Legend>
                <ul className="mt-2 space-y-2">
                  {hits.map((h) => (
                    <li key={h.id}>
                      <Choice
                        name={`${formId}-customer`}
                        field="customerId"
                        value={h.id}
                        checked={customer?.id === h.id}
                        onChange={() => onChoose(h)}
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
  );
}
