import type { Metadata } from "next";
import { cardClass } from "@/components/ui/card";
import { cn } from "@/components/ui/cn";
import Link from "@/components/ui/link";
import { formatDuration } from "@/lib/dates";
import { routes } from "@/lib/routes";
import {
  approvalSentence,
  cancellationSentence,
  holdSentence,
  hoursInWords,
  missedSentence,
  noticeSentence,
  paymentSentence,
  rescheduleSentence,
  seriesPaymentSentence,
} from "@/modules/settings/domain/policy-facts";
import { holidayRegionName } from "@/modules/holidays/domain/holidays";
import { PolicyPage } from "@/modules/settings/components/policy-page";
import { getPublicSettings } from "@/modules/settings/server";
import { bundleOfferText } from "@/modules/pricing/domain/visit-quote";
import { bundleRuleOf } from "@/modules/pricing/domain/visit-choices";

export const metadata: Metadata = { title: "Booking policies" };

export default async function BookingPoliciesPage() {
  const s = await getPublicSettings();
  const approval = approvalSentence(s);
  const hold = holdSentence(s);
  const offer = bundleOfferText(bundleRuleOf(s), s.maxVehiclesPerBooking);
  return (
    <PolicyPage
      title="Booking policies"
      intro={s.policyTexts.bookingPolicyIntro}
      updatedAt={s.updatedAt}
      timeZone={s.timeZone}
    >
      <h2 id="at-a-glance">At a glance</h2>
      <dl className="mt-4 grid gap-3 sm:grid-cols-2" aria-labelledby="at-a-glance">
        {[
          ["Free cancellation", `Up to ${hoursInWords(s.freeCancellationHours)} before`],
          ["Late cancellation fee", `${s.lateCancellationFeePercent}% of the total`],
          ["Ask to move a booking", `Up to ${hoursInWords(s.rescheduleCutoffHours)} before`],
          [
            "Payment",
            s.paymentMode === "deposit"
              ? `${s.depositPercent}% deposit online`
              : s.paymentMode === "full"
                ? "In full online"
                : "On the day",
          ],
        ].map(([term, value]) => (
          <div key={term} className={cn(cardClass, "p-4 shadow-none")}>
            <dt className="text-sm text-ink-muted">{term}</dt>
            <dd className="mt-1 text-lg font-semibold tabular">{value}</dd>
          </div>
        ))}
      </dl>

      <h2>Booking</h2>
      <ul>
        <li>{noticeSentence(s)}</li>
        <li>
          Times are shown in our local time ({s.timeZone.replace("_", " ")}); each appointment includes a
          buffer of {formatDuration(s.bufferMinutes)} for travel and setting up.
        </li>
        {s.holidayRegion !== "none" && (
          <li>
            We don&apos;t work on bank holidays in {holidayRegionName(s.holidayRegion)} unless we choose to
            open: the days we can come are the ones you can book.
          </li>
        )}
        {approval && <li>{approval}</li>}
        {hold && <li>{hold}</li>}
        {s.maxVehiclesPerBooking > 1 && (
          <li>
            You can book up to {s.maxVehiclesPerBooking} vehicles for one visit, each priced for its size.
            {offer && <> {offer} The discount is shown as its own line before you pay.</>}
          </li>
        )}
      </ul>

      <h2>Payment</h2>
      <p>{paymentSentence(s)}</p>
      <p>{seriesPaymentSentence(s)}</p>
      <p>
        We accept card payments online through a secure payment provider; we never see or store your card
        number. On the day we also accept card and bank transfer.
      </p>

      <h2>Cancelling</h2>
      <p>{cancellationSentence(s)}</p>
      {missedSentence(s) && <p>{missedSentence(s)}</p>}
      <p>
        Any refund due goes back to the way you paid. If we ever have to cancel, you get back everything you
        have paid.
      </p>

      <h2>Moving a booking</h2>
      <p>{rescheduleSentence(s)}</p>
      <p>A move keeps your booking, its price and what you have paid; only the time changes.</p>

      <h2>On the day</h2>
      <ul>
        <li>
          Please make sure we can park next to the vehicle, and let us know in your booking if there is no
          water or power supply — we carry our own, but it helps us plan.
        </li>
        <li>
          We send a reminder {hoursInWords(s.reminderLeadHours)} before your appointment with a short
          checklist — unless you booked less than {hoursInWords(s.reminderLeadHours)} ahead (you have just
          been told the time) or turned reminders off in your account.
        </li>
      </ul>

      <p>
        Questions? Call <a href={`tel:${s.contactPhone.replace(/\s+/g, "")}`}>{s.contactPhone}</a> or email{" "}
        <a href={`mailto:${s.contactEmail}`}>{s.contactEmail}</a>. See also our{" "}
        <Link href={routes.termsOfService}>terms of service</Link>.
      </p>
    </PolicyPage>
  );
}
