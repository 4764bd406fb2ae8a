import type { Metadata } from "next";
import Link from "@/components/ui/link";
import { routes } from "@/lib/routes";
import {
  cancellationSentence,
  paymentSentence,
  rescheduleSentence,
} from "@/modules/settings/domain/policy-facts";
import { PolicyPage, TextBlock } from "@/modules/settings/components/policy-page";
import { getPublicSettings } from "@/modules/settings/server";

export const metadata: Metadata = { title: "Terms of service" };

export default async function TermsPage() {
  const s = await getPublicSettings();
  const business = s.legalName || s.businessName;
  return (
    <PolicyPage
      title="Terms of service"
      intro={s.policyTexts.termsIntro}
      updatedAt={s.updatedAt}
      timeZone={s.timeZone}
    >
      <h2>1. The contract</h2>
      <p>
        When you book, you make a contract with {business} for the service, vehicle size, address and time
        shown in your booking confirmation. Prices include VAT where it applies and are fixed when you book:
        later price changes never change your booking.
      </p>

      <h2>2. Price and payment</h2>
      <p>{paymentSentence(s)}</p>
      <p>
        The price depends on the service, your vehicle&apos;s size and your postcode (some areas carry a
        travel fee, always shown before you book). If the vehicle turns out to be a larger size than booked,
        we will tell you the difference before starting.
      </p>

      <h2>3. Cancellations and changes</h2>
      <p>{cancellationSentence(s)}</p>
      <p>{rescheduleSentence(s)}</p>
      <p>
        Full details are in our <Link href={routes.bookingPolicies}>booking policies</Link>, which form part
        of these terms.
      </p>

      <h2>4. Your part</h2>
      <ul>
        <li>
          Make sure we can reach the vehicle at the address and time booked, and remove valuables before we
          start.
        </li>
        <li>Tell us about any damage, modifications or delicate finishes beforehand.</li>
        <li>Give us accurate contact details so we can reach you about your booking.</li>
      </ul>

      <h2>5. Our part</h2>
      <ul>
        <li>
          We carry out the service with reasonable care and skill, using products suitable for your vehicle.
        </li>
        <li>
          If you are not happy with the result, tell us within 48 hours at{" "}
          <a href={`mailto:${s.contactEmail}`}>{s.contactEmail}</a> and we will come back to put it right.
        </li>
        <li>
          We are responsible for damage we cause through our negligence. We are not responsible for
          pre-existing faults or damage, or for loss we could not reasonably have foreseen.
        </li>
      </ul>

      <h2>6. Your statutory rights</h2>
      <p>Nothing in these terms affects your rights under the Consumer Rights Act 2015.</p>

      {s.policyTexts.extraTerms.trim() && (
        <>
          <h2>7. Additional terms</h2>
          <TextBlock text={s.policyTexts.extraTerms} />
        </>
      )}

      <h2>Contact</h2>
      <p>
        {business}, {s.baseAddress}. Phone {s.contactPhone}, email{" "}
        <a href={`mailto:${s.contactEmail}`}>{s.contactEmail}</a>. These terms are governed by the law of
        England and Wales.
      </p>
    </PolicyPage>
  );
}
