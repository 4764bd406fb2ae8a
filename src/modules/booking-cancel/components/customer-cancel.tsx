"use client";

import { useRouter } from "next/navigation";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/overlay/confirm-dialog";
import { toast } from "@/components/ui/overlay/toast";
import { cancelMyBookingAction } from "../actions";

/**
 * *Cancel booking* on /dashboard/bookings/{id}: the dialog says first what cancelling does in this
 * booking's money; the server refuses when that no longer holds, and the page is refreshed so the dialog
 * shows what is true now.
 */
export function CustomerCancelButton({
  offer,
}: {
  offer: {
    bookingId: string;
    reference: string;
    from: "confirmed" | "awaiting_approval";
    refundableMinor: number;
    refundMinor: number;
    sentence: string;
  };
}) {
  const router = useRouter();
  return (
    <ConfirmDialog
      trigger={
        <Button variant="danger-outline" size="lg" className="min-h-12 w-full sm:w-auto">
          Cancel booking
        </Button>
      }
      title={`Cancel booking ${offer.reference}?`}
      description={
        <>
          <span className="block font-medium text-ink">{offer.sentence}</span>
          <span className="mt-2 block">
            Your time is freed for other customers; to come another day you would book again.
          </span>
        </>
      }
      confirmLabel="Yes, cancel the booking"
      cancelLabel="Keep it"
      onConfirm={async () => {
        const res = await cancelMyBookingAction({
          bookingId: offer.bookingId,
          from: offer.from,
          refundableMinor: offer.refundableMinor,
          refundMinor: offer.refundMinor,
        });
        // Refused or done, the page reads the booking again: the dialog (if still open) shows what holds now.
        router.refresh();
        if (res.ok) toast.success("Booking cancelled.");
        return res;
      }}
    />
  );
}
