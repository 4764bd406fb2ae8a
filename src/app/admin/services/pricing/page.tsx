import type { Metadata } from "next";
import Link from "next/link";
import { TravelZones } from "@/modules/catalogue/components/travel-zones";
import { PriceGrid } from "@/modules/pricing/components/price-grid";
import { getPriceMatrix } from "@/modules/pricing/server";
import { getPublicSettings } from "@/modules/settings/server";
import { requireAdminPage } from "@/server/auth/guards";

export const metadata: Metadata = { title: "Prices and travel zones" };

const link = "font-medium text-brand underline underline-offset-2";

export default async function PricingPage() {
  await requireAdminPage("/admin/services/pricing");
  const [matrix, settings] = await Promise.all([getPriceMatrix(), getPublicSettings()]);
  return (
    <div>
      <h1 className="text-2xl font-bold tracking-tight">Prices and durations</h1>
      <p className="mt-1 max-w-3xl text-ink-muted">
        What each active service costs, and how long it takes, for each vehicle size. Enter prices in{" "}
        {settings.currency} (like 45 or 45.50) and minutes in steps of 5. Leave both empty where a service
        isn&apos;t offered for a size. Changes are saved together when you choose Save all.
      </p>

      <div className="mt-6">
        {matrix.services.length === 0 || matrix.sizes.length === 0 ? (
          <div className="rounded-card border border-dashed border-line-strong bg-surface p-6 text-center text-ink-muted">
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
          </div>
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
