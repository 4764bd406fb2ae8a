import type { Metadata } from "next";
import { TextLink } from "@/components/ui/link";
import { notFound } from "next/navigation";
import { ActiveBadge } from "@/components/ui/active-badge";
import { Section } from "@/components/ui/card";
import { ConfirmActionButton } from "@/components/ui/overlay/confirm-action-button";
import { BackLink } from "@/components/ui/nav/back-link";
import { Notice } from "@/components/ui/notice";
import { formatMoney } from "@/lib/money";
import { routes } from "@/lib/routes";
import { deleteServiceAction, updateServiceAction } from "@/modules/catalogue/actions";
import { ImageUpload } from "@/modules/catalogue/components/image-upload";
import { ServiceCard } from "@/modules/catalogue/components/service-card";
import { ServiceForm } from "@/modules/catalogue/components/service-form";
import { getServiceForAdmin, listCategoriesForAdmin, listServicesForAdmin } from "@/modules/catalogue/server";
import { ServicePrices } from "@/modules/pricing/components/service-prices";
import { getPublicSettings } from "@/modules/settings/server";
import { requireAdminPage } from "@/server/auth/guards";

type Params = { params: Promise<{ id: string }>; searchParams: Promise<{ created?: string }> };

export async function generateMetadata({ params }: Params): Promise<Metadata> {
  const service = await getServiceForAdmin((await params).id);
  return { title: service ? `Edit ${service.name}` : "Not found" };
}

export default async function EditServicePage({ params, searchParams }: Params) {
  const { id } = await params;
  await requireAdminPage(routes.adminService(id));
  const service = await getServiceForAdmin(id);
  if (!service) notFound();
  const [categories, [summary], settings, { created }] = await Promise.all([
    listCategoriesForAdmin(),
    listServicesForAdmin({ id }),
    getPublicSettings(),
    searchParams,
  ]);

  const hidden: string[] = [];
  if (!service.isActive) hidden.push("the service is inactive");
  if (summary && !summary.categoryActive) hidden.push(`its category “${summary.categoryName}” is inactive`);
  if (!summary || summary.pricedSizes === 0) hidden.push("it has no price for any active vehicle size");

  return (
    <div className="max-w-6xl">
      <BackLink href={routes.adminServices}>All services</BackLink>
      <div className="mt-2 flex flex-wrap items-center gap-3">
        <h1 className="text-2xl font-bold tracking-tight">{service.name}</h1>
        <ActiveBadge isActive={service.isActive} />
        <span className="text-sm text-ink-muted">{service.kind === "package" ? "Package" : "Add-on"}</span>
      </div>
      {created && (
        <Notice kind="success" className="mt-4">
          {service.name} was created. Add a photo and its prices below — customers see it once it has a price.
        </Notice>
      )}

      <div className="mt-6 grid gap-6 lg:grid-cols-[3fr_2fr]">
        <Section title="Details">
          <div className="mt-4">
            <ServiceForm
              action={updateServiceAction}
              extra={{ id: service.id }}
              categories={categories}
              values={service}
              submitLabel="Save changes"
              successMessage="Changes saved."
            />
          </div>
        </Section>

        <div className="space-y-6">
          <Section
            title="Preview"
            description={
              service.kind === "package"
                ? "How the saved service appears on your home page."
                : "How the saved add-on appears in the list of extras."
            }
          >
            {hidden.length > 0 && (
              <Notice kind="warning" className="mt-3">
                Customers can&apos;t see it yet: {hidden.join(", ")}.
              </Notice>
            )}
            <div className="mt-4">
              {service.kind === "package" ? (
                <ServiceCard
                  as="div"
                  book="preview"
                  currency={settings.currency}
                  service={{
                    ...service,
                    fromPriceMinor: summary?.minPriceMinor ?? null,
                    minMinutes: summary?.minMinutes ?? null,
                    maxMinutes: summary?.maxMinutes ?? null,
                  }}
                />
              ) : (
                <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1 rounded-card border border-line px-5 py-3">
                  <span>
                    <span className="font-medium">{service.name}</span>
                    <span className="block text-sm text-ink-muted">{service.shortDescription}</span>
                  </span>
                  <span className="text-sm font-semibold tabular">
                    {summary?.minPriceMinor == null
                      ? "Not priced yet"
                      : `from ${formatMoney(summary.minPriceMinor, settings.currency)}`}
                  </span>
                </div>
              )}
            </div>
          </Section>

          <Section title="Photo">
            <div className="mt-3">
              <ImageUpload
                serviceId={service.id}
                serviceName={service.name}
                imageUploadId={service.imageUploadId}
              />
            </div>
          </Section>
        </div>
      </div>

      <Section
        className="mt-6"
        title="Prices and durations"
        description={
          <>
            One price and duration per vehicle size. Leave both empty where you don&apos;t offer it.{" "}
            <TextLink href={routes.adminPricing}>Edit every service&apos;s prices at once</TextLink>
          </>
        }
      >
        <div className="mt-4">
          <ServicePrices serviceId={service.id} currency={settings.currency} />
        </div>
      </Section>

      <Section
        className="mt-6 shadow-none"
        title="Remove this service"
        description="Deactivate it to stop taking bookings for it. Deleting is only possible while no booking has used it; its prices are deleted with it."
      >
        <div className="mt-3">
          <ConfirmActionButton
            action={deleteServiceAction}
            input={{ id: service.id }}
            title={`Delete ${service.name}?`}
            description={`${service.name} and its prices will be deleted. This cannot be undone.`}
            confirmLabel="Delete service"
          >
            Delete service
          </ConfirmActionButton>
        </div>
      </Section>
    </div>
  );
}
