import type { Metadata } from "next";
import Link from "next/link";
import { routes } from "@/lib/routes";
import { createServiceAction } from "@/modules/catalogue/actions";
import { ServiceForm } from "@/modules/catalogue/components/service-form";
import { listCategoriesForAdmin } from "@/modules/catalogue/server";
import { requireAdminPage } from "@/server/auth/guards";

export const metadata: Metadata = { title: "New service" };

export default async function NewServicePage() {
  await requireAdminPage(routes.adminNewService);
  const categories = await listCategoriesForAdmin();
  return (
    <div className="max-w-3xl">
      <Link
        href={routes.adminServices}
        className="text-sm font-medium text-brand underline-offset-2 hover:underline"
      >
        ← All services
      </Link>
      <h1 className="mt-2 text-2xl font-bold tracking-tight">New service</h1>
      <p className="mt-1 text-ink-muted">
        Describe the service first. Next you can add a photo and set its price and duration for each vehicle
        size.
      </p>
      {categories.length === 0 ? (
        <div className="mt-6 rounded-card border border-dashed border-line-strong bg-surface p-6">
          <p className="font-semibold">Add a category first</p>
          <p className="mt-1 text-ink-muted">
            Every service belongs to a category, such as “Wash” or “Valet”.
          </p>
          <Link
            href={routes.adminCategories}
            className="mt-4 inline-flex min-h-11 items-center rounded-control bg-brand px-4 font-semibold text-white hover:bg-brand-hover"
          >
            Add a category
          </Link>
        </div>
      ) : (
        <section className="mt-6 rounded-card border border-line bg-surface p-5 shadow-card">
          <ServiceForm action={createServiceAction} categories={categories} submitLabel="Create service" />
        </section>
      )}
    </div>
  );
}
