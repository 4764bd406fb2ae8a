import { setupSection } from "./booking";
import { contactLine, type EmailContent, type EmailContext, paragraphs, WHY } from "./layout";

// The job is done and the technician took before and after photos (issue 32): the customer hears so,
// with a link to their booking's page, where the photos are (private: they sign in to see them). A job
// without photos sends nothing: this email is about the photos.

export type BookingCompletedData = {
  name: string;
  reference: string;
  title: string;
  /** How many photos the job has (at least one). */
  photoCount: number;
  /** The booking's page in the customer's account (/dashboard/bookings/{id}). */
  url: string;
  /** A customer without a password yet (a guest, a phone booking): the set-up link, as a section. */
  setupUrl?: string | null;
};

export function renderBookingCompleted(d: BookingCompletedData, ctx: EmailContext): EmailContent {
  const photos = d.photoCount === 1 ? "a photo" : `${d.photoCount} photos`;
  return {
    subject: `Your ${d.title} is done (${d.reference})`,
    preview: "See the before and after photos on your booking page.",
    why: WHY.booking(ctx),
    blocks: [
      ...paragraphs(
        `Hello ${d.name},`,
        `${ctx.businessName} has finished your ${d.title} (${d.reference}). Thank you for booking with us.`,
        `The team took ${photos} of the job: see the before and after photos on your booking page.`,
      ),
      { kind: "button", label: "See the photos", url: d.url },
      ...(d.setupUrl
        ? paragraphs("Your booking page is in your account: choose a password below to open it.")
        : []),
      ...setupSection(d.setupUrl),
      ...paragraphs(contactLine(ctx)),
    ],
  };
}
