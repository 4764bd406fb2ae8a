import type { Metadata } from "next";
import { PageHeader } from "@/components/ui/card";
import { EmptyState } from "@/components/ui/data/empty-state";
import Link, { textLinkClass } from "@/components/ui/link";
import { TravelZones } from "@/modules/catalogue/components/travel-zones";
import { PriceGrid } from "@/modules/pricing/components/price-grid";
import { getPriceMatrix } from "@/modules/pricing/server";
import { getWorkingDayLimits } from "@/modules/availability/server";
import { jobsLongerThanADay } from "@/modules/pricing/domain/long-jobs";
import { LongJobsNotice } from "@/modules/pricing/components/long-jobs-notice";
import { getPublicSettings } from "@/modules/settings/server";
import { requireAdminPage } from "@/server/auth/guards";

export const metadata: Metadata = { title: "Prices and travel zones" };

const link = textLinkClass();

export default async function PricingPage() {
  await requireAdminPage("/admin/services/pricing");
  const [matrix, settings, limits] = await Promise.all([
    getPriceMatrix(),
    getPublicSettings(),
    getWorkingDayLimits(),
  ]);
  return (
    <div>
      <PageHeader
        title="Prices and durations"
        description={
          <>
            What each active service costs, and how long it takes, for each vehicle size. Enter prices in{" "}
            {settings.currency} (like 45 or 45.50) and minutes in steps of 5. Leave both empty where a service
            isn&apos;t offered for a size. Changes are saved together when you choose Save all.
          </>
        }
      />

      <LongJobsNotice jobs={jobsLongerThanADay(matrix, limits)} className="mt-6" />

      <div className="mt-6">
        {matrix.services.length === 0 || matrix.sizes.length === 0 ? (
          <EmptyState>
            {matrix.services.length === 0 && (
              <p>
                There are no active services yet.{" "}
                <Link href="/admin/services/new" className={link}>
                  Add a service
                </Link>{" "}
                to start pricing.
              </p>
            )}
            {matrix.sizes.length === 0 && (
              <p className={matrix.services.length === 0 ? "mt-2" : undefined}>
                There are no active vehicle sizes yet.{" "}
                <Link href="/admin/services/vehicle-sizes" className={link}>
                  Add or activate vehicle sizes
                </Link>{" "}
                — every price is for one size.
              </p>
            )}
          </EmptyState>
        ) : (
          <PriceGrid matrix={matrix} currency={settings.currency} />
        )}
      </div>

      <div className="mt-10 border-t border-line pt-8">
        <TravelZones />
      </div>
    </div>
  );
}
