import type { Metadata } from "next";
import { BackLink } from "@/components/ui/nav/back-link";
import { PageHeader } from "@/components/ui/card";
import { routes } from "@/lib/routes";
import { AdminPhoneBookingForm } from "@/modules/phone-bookings/components/admin-phone-booking-form";
import { loadCustomerToBookFor, loadPhoneBookingPage } from "@/modules/phone-bookings/server";
import { createPhoneBookingAction } from "@/modules/phone-bookings/admin-phone-actions";
import { requireAdminPage } from "@/server/auth/guards";

export const metadata: Metadata = { title: "New booking" };

export default async function NewPhoneBookingPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const user = await requireAdminPage(routes.adminNewBooking);
  // ?customer={id}: "New booking for this customer" on their profile starts with them chosen.
  const { customer } = await searchParams;
  const [page, initial] = await Promise.all([
    loadPhoneBookingPage(),
    typeof customer === "string" && customer ? loadCustomerToBookFor(user.id, customer) : null,
  ]);
  return (
    <div className="max-w-3xl">
      <BackLink href={routes.adminBookings}>Bookings</BackLink>
      <PageHeader
        title="New booking"
        description={`A booking taken on the phone. Prices are the same as online; times in ${page.timeZone}.`}
      />
      <div className="mt-6">
        <AdminPhoneBookingForm
          create={createPhoneBookingAction}
          {...page}
          initialCustomer={initial?.hit}
          initialSaved={initial?.saved}
        />
      </div>
    </div>
  );
}
