import { notFound } from "next/navigation";
import { getSessionUser } from "@/server/auth";
import { type BookingResultPage as Page, loadBookingResult } from "../../server/result-page";
import { BookingResultView } from "./booking-result";

export type BookingPageSearchParams = Promise<Record<string, string | string[] | undefined>>;

const first = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v);

/** A /booking/* page: only the booking's owner or the holder of its access token; anyone else gets 404. */
export async function BookingResultPage({
  page,
  searchParams,
}: {
  page: Page;
  searchParams: BookingPageSearchParams;
}) {
  const params = await searchParams;
  const viewer = await getSessionUser();
  const result = await loadBookingResult({
    page,
    reference: first(params.ref),
    token: first(params.token),
    viewer,
  });
  if (!result) notFound();
  return <BookingResultView result={result} />;
}
