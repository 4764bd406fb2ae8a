import type { Metadata } from "next";
import {
  type BookingPageSearchParams,
  BookingResultPage,
} from "@/modules/wizard/components/result/booking-result-page";

// The URL carries the booking's access token: never send it on in a Referer, never index the page.
export const metadata: Metadata = {
  title: "Payment",
  referrer: "no-referrer",
  robots: { index: false, follow: false },
};

export default function Page({ searchParams }: { searchParams: BookingPageSearchParams }) {
  return <BookingResultPage page="payment-complete" searchParams={searchParams} />;
}
