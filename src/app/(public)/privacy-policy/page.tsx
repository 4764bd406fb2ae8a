import type { Metadata } from "next";
import { PolicyPage } from "@/modules/settings/components/policy-page";
import { getPublicSettings } from "@/modules/settings/server";

export const metadata: Metadata = { title: "Privacy policy" };

export default async function PrivacyPolicyPage() {
  const s = await getPublicSettings();
  const controller = s.legalName || s.businessName;
  return (
    <PolicyPage
      title="Privacy policy"
      intro={s.policyTexts.privacyIntro}
      updatedAt={s.updatedAt}
      timeZone={s.timeZone}
    >
      <h2>Who we are</h2>
      <p>
        {controller} ({s.baseAddress}) is the controller of the personal data described here. Contact us about
        your data at <a href={`mailto:${s.contactEmail}`}>{s.contactEmail}</a> or on {s.contactPhone}.
      </p>

      <h2>What we collect and why</h2>
      <ul>
        <li>
          <strong>Your account</strong> — name, email address, phone number and password (stored only as a
          one-way hash), so you can book and manage your bookings.
        </li>
        <li>
          <strong>Your vehicles and addresses</strong> — make, model, registration, size, and where we should
          carry out the work, including any access notes you give us, so we can quote the right price and find
          the vehicle.
        </li>
        <li>
          <strong>Your bookings and payments</strong> — what you booked, when, what you paid and any refunds.
          Card details are handled by our payment provider; we never see or store your card number.
        </li>
        <li>
          <strong>Emails we send you</strong> — a copy of each booking email, so we can tell you what was sent
          and when.
        </li>
        <li>
          <strong>Security records</strong> — the IP address and browser of each sign-in, kept to protect your
          account.
        </li>
      </ul>

      <h2>Our legal bases</h2>
      <p>
        We use your data to perform our contract with you (taking and carrying out bookings), to meet legal
        obligations (keeping accounting records), for our legitimate interest in keeping the service secure,
        and — only if you opt in — with your consent for marketing emails. You can withdraw consent at any
        time.
      </p>

      <h2>Who we share it with</h2>
      <p>
        Only with the providers who help us run the service — our payment provider, our email provider and our
        hosting provider — under contracts that require them to protect it. We never sell your data.
      </p>

      <h2>How long we keep it</h2>
      <p>
        Account data is kept while your account is open. Booking and payment records are kept for six years
        for our accounts, as UK law requires; if you delete your account they are kept without your name,
        contact details, vehicle or address.
      </p>

      <h2>Cookies</h2>
      <p>
        We use one essential cookie to keep you signed in. We do not use advertising cookies, and no optional
        analytics run unless you agree to them.
      </p>

      <h2>Your rights</h2>
      <p>
        You can ask for a copy of your data, ask us to correct it, delete your account, or object to how we
        use it, by writing to <a href={`mailto:${s.contactEmail}`}>{s.contactEmail}</a>. We answer within one
        month. If you are unhappy with our answer you can complain to the Information Commissioner&apos;s
        Office (ico.org.uk).
      </p>
    </PolicyPage>
  );
}
