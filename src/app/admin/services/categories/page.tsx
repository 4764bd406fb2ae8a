import type { Metadata } from "next";
import { ActiveBadge } from "@/components/ui/active-badge";
import { Field, Form, SubmitButton } from "@/components/ui/form";
import {
  createCategoryAction,
  deleteCategoryAction,
  moveCategoryAction,
  setCategoryActiveAction,
  updateCategoryAction,
} from "@/modules/catalogue/actions";
import { RowActions } from "@/modules/catalogue/components/row-actions";
import { listCategoriesForAdmin } from "@/modules/catalogue/server/admin-queries";
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
        {categories.length === 0 ? (
          <p className="mt-3 rounded-card border border-dashed border-line-strong bg-surface p-6 text-center text-ink-muted">
            No categories yet. Add the first one above — for example &ldquo;Wash&rdquo; or
            &ldquo;Valet&rdquo;.
          </p>
        ) : (
          <ol className="mt-3 divide-y divide-line rounded-card border border-line bg-surface">
            {categories.map((c, i) => (
              <li
                key={c.id}
                className="flex flex-col gap-3 p-4 sm:flex-row sm:items-start sm:justify-between"
              >
                <div className="min-w-0">
                  <p className="flex flex-wrap items-center gap-2 font-medium">
                    <span>{c.name}</span>
                    <ActiveBadge isActive={c.isActive} />
                  </p>
                  {c.description && <p className="mt-1 text-sm text-ink-muted">{c.description}</p>}
                  <p className="mt-1 text-sm text-ink-subtle">
                    {c.serviceCount === 1 ? "1 service" : `${c.serviceCount} services`} · /{c.slug}
                  </p>
                  <details className="mt-2">
                    <summary className="inline-flex min-h-11 cursor-pointer items-center text-sm font-medium text-brand">
                      Edit<span className="sr-only"> {c.name}</span>
                    </summary>
                    <Form
                      action={updateCategoryAction}
                      extra={{ id: c.id }}
                      refreshOnSuccess
                      successMessage="Saved."
                      aria-label={`Edit ${c.name}`}
                      className="mt-2 max-w-md"
                    >
                      <Field name="name" label="Name" defaultValue={c.name} autoComplete="off" />
                      <Field
                        name="description"
                        label="Description"
                        defaultValue={c.description}
                        autoComplete="off"
                        required={false}
                      />
                      <SubmitButton>Save</SubmitButton>
                    </Form>
                  </details>
                </div>
                <RowActions
                  id={c.id}
                  name={c.name}
                  isActive={c.isActive}
                  isFirst={i === 0}
                  isLast={i === categories.length - 1}
                  actions={{
                    move: moveCategoryAction,
                    setActive: setCategoryActiveAction,
                    remove: deleteCategoryAction,
                  }}
                />
              </li>
            ))}
          </ol>
        )}
      </section>
    </div>
  );
}
