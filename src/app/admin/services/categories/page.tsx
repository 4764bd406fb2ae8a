import type { Metadata } from "next";
import {
  createCategoryAction,
  deleteCategoryAction,
  moveCategoryAction,
  setCategoryActiveAction,
  updateCategoryAction,
} from "@/modules/catalogue/actions";
import { OrderedListScreen } from "@/modules/catalogue/components/ordered-list-screen";
import { listCategoriesForAdmin } from "@/modules/catalogue/server";
import { requireAdminPage } from "@/server/auth/guards";

export const metadata: Metadata = { title: "Service categories" };

export default async function CategoriesPage() {
  await requireAdminPage("/admin/services/categories");
  const categories = await listCategoriesForAdmin();
  return (
    <OrderedListScreen
      title="Service categories"
      intro="How services are grouped on your booking pages, in this order. Inactive categories are hidden from customers."
      noun="category"
      listTitle="All categories"
      empty={
        <>
          No categories yet. Add the first one above — for example &ldquo;Wash&rdquo; or &ldquo;Valet&rdquo;.
        </>
      }
      fields={[
        { name: "name", label: "Name", half: true },
        { name: "description", label: "Description", required: false, half: true },
      ]}
      create={createCategoryAction}
      update={updateCategoryAction}
      actions={{ move: moveCategoryAction, setActive: setCategoryActiveAction, remove: deleteCategoryAction }}
      rows={categories.map((c) => ({
        id: c.id,
        name: c.name,
        isActive: c.isActive,
        values: { name: c.name, description: c.description },
        details: (
          <>
            {c.description && <p className="mt-1 text-sm text-ink-muted">{c.description}</p>}
            <p className="mt-1 text-sm text-ink-subtle">
              {c.serviceCount === 1 ? "1 service" : `${c.serviceCount} services`} · /{c.slug}
            </p>
          </>
        ),
      }))}
    />
  );
}
