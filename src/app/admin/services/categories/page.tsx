import type { Metadata } from "next";
import { Field, Form, SubmitButton } from "@/components/ui/form";
import {
  createCategoryAction,
  deleteCategoryAction,
  moveCategoryAction,
  setCategoryActiveAction,
  updateCategoryAction,
} from "@/modules/catalogue/actions";
import { OrderedList, OrderedListItem } from "@/modules/catalogue/components/ordered-list-item";
import { listCategoriesForAdmin } from "@/modules/catalogue/server";
import { requireAdminPage } from "@/server/auth/guards";

export const metadata: Metadata = { title: "Service categories" };

export default async function CategoriesPage() {
  await requireAdminPage("/admin/services/categories");
  const categories = await listCategoriesForAdmin();
  return (
    <div className="max-w-4xl">
      <h1 className="text-2xl font-bold tracking-tight">Service categories</h1>
      <p className="mt-1 text-ink-muted">
        How services are grouped on your booking pages, in this order. Inactive categories are hidden from
        customers.
      </p>

      <section
        aria-labelledby="add-category"
        className="mt-6 rounded-card border border-line bg-surface p-5 shadow-card"
      >
        <h2 id="add-category" className="text-lg font-semibold">
          Add a category
        </h2>
        <Form
          action={createCategoryAction}
          resetOnSuccess
          refreshOnSuccess
          successMessage="Category added."
          aria-label="Add a category"
          className="mt-4"
        >
          <div className="grid gap-x-4 sm:grid-cols-2">
            <Field name="name" label="Name" autoComplete="off" />
            <Field name="description" label="Description" autoComplete="off" required={false} />
          </div>
          <SubmitButton>Add category</SubmitButton>
        </Form>
      </section>

      <section aria-labelledby="all-categories" className="mt-8">
        <h2 id="all-categories" className="text-lg font-semibold">
          All categories <span className="font-normal text-ink-muted">({categories.length})</span>
        </h2>
        <OrderedList
          count={categories.length}
          empty={
            <>
              No categories yet. Add the first one above — for example &ldquo;Wash&rdquo; or
              &ldquo;Valet&rdquo;.
            </>
          }
        >
          {categories.map((c, i) => (
            <OrderedListItem
              key={c.id}
              id={c.id}
              name={c.name}
              isActive={c.isActive}
              isFirst={i === 0}
              isLast={i === categories.length - 1}
              update={updateCategoryAction}
              actions={{
                move: moveCategoryAction,
                setActive: setCategoryActiveAction,
                remove: deleteCategoryAction,
              }}
              details={
                <>
                  {c.description && <p className="mt-1 text-sm text-ink-muted">{c.description}</p>}
                  <p className="mt-1 text-sm text-ink-subtle">
                    {c.serviceCount === 1 ? "1 service" : `${c.serviceCount} services`} · /{c.slug}
                  </p>
                </>
              }
              editFields={
                <>
                  <Field name="name" label="Name" defaultValue={c.name} autoComplete="off" />
                  <Field
                    name="description"
                    label="Description"
                    defaultValue={c.description}
                    autoComplete="off"
                    required={false}
                  />
                </>
              }
            />
          ))}
        </OrderedList>
      </section>
    </div>
  );
}
