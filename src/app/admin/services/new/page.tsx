import type { Metadata } from "next";
import { BackLink } from "@/components/ui/nav/back-link";
import { ButtonLink } from "@/components/ui/button";
import { Card, PageHeader } from "@/components/ui/card";
import { EmptyState } from "@/components/ui/data/empty-state";
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
      <BackLink href={routes.adminServices}>All services</BackLink>
      <div className="mt-2">
        <PageHeader
          title="New service"
          description="Describe the service first. Next you can add a photo and set its price and duration for each vehicle size."
        />
      </div>
      {categories.length === 0 ? (
        <EmptyState
          className="mt-6"
          title="Add a category first"
          action={
            <ButtonLink variant="primary" href={routes.adminCategories}>
              Add a category
            </ButtonLink>
          }
        >
          Every service belongs to a category, such as “Wash” or “Valet”.
        </EmptyState>
      ) : (
        <Card className="mt-6">
          <ServiceForm action={createServiceAction} categories={categories} submitLabel="Create service" />
        </Card>
      )}
    </div>
  );
}
