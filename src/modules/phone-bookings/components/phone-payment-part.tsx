"use client";

import { controlClass } from "@/components/ui/form/control";
import { ControlledField, Field } from "@/components/ui/form/form-fields";
import { Choice, FieldError, Part, type Quote } from "./phone-booking-parts";

export type PhonePayment = "link" | "manual" | "on_the_day" | "on_account";

/** How the booking is paid; each choice says what will happen (and a payment taken now, how much). */
export function PhonePaymentPart({
  payment,
  onPayment,
  holdMinutes,
  quote,
  account,
}: {
  payment: PhonePayment;
  onPayment: (payment: PhonePayment) => void;
  holdMinutes: number;
  quote: Quote | null;
  /** The chosen customer pays on account (a business the admin allowed it): offered first. */
  account: { companyName: string; paymentTermsDays: number } | null;
}) {
  const choice = (value: PhonePayment, title: string, detail: string) => (
    <li>
      <Choice name="payment" value={value} checked={payment === value} onChange={() => onPayment(value)}>
        <span className="font-medium">{title}</span>
        <span className="block text-sm text-ink-muted">{detail}</span>
      </Choice>
    </li>
  );
  return (
    <Part title="Payment">
      <ul className="space-y-2">
        {account &&
          choice(
            "on_account",
            "On account",
            `The booking is confirmed now and ${account.companyName} is invoiced ${quote?.total ?? "the total"}, to pay within ${account.paymentTermsDays} ${account.paymentTermsDays === 1 ? "day" : "days"}.`,
          )}
        {choice(
          "link",
          "Send a payment link",
          `The time is held for ${holdMinutes} minutes as Awaiting payment and the customer is emailed a link to pay ${quote?.dueNowOnline ?? "what is due"} online. Unpaid by then, the time is released.`,
        )}
        {choice(
          "manual",
          "Record a payment taken now",
          "Cash, card terminal or bank transfer. The booking is confirmed and the customer is emailed a receipt.",
        )}
        {choice(
          "on_the_day",
          "Pay on the day",
          `The booking is confirmed now; ${quote?.total ?? "the total"} is due on the day.`,
        )}
      </ul>
      <FieldError name="payment" />
      {payment === "manual" && (
        <div className="mt-4 grid gap-x-4 sm:grid-cols-3">
          <ControlledField name="method" label="Paid by">
            {({ control, invalid }) => (
              <select
                {...control}
                name="method"
                defaultValue=""
                className={`${controlClass(invalid)} min-h-11`}
              >
                <option value="">Choose</option>
                <option value="cash">Cash</option>
                <option value="card">Card terminal</option>
                <option value="bank_transfer">Bank transfer</option>
              </select>
            )}
          </ControlledField>
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
  );
}
