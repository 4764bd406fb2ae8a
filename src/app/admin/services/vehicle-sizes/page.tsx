import type { Metadata } from "next";
import { Field, Form, SubmitButton } from "@/components/ui/form";
import {
  createVehicleSizeAction,
  deleteVehicleSizeAction,
  moveVehicleSizeAction,
  setVehicleSizeActiveAction,
  updateVehicleSizeAction,
} from "@/modules/catalogue/actions";
import { OrderedList, OrderedListItem } from "@/modules/catalogue/components/ordered-list-item";
import { listVehicleSizesForAdmin } from "@/modules/catalogue/server";
import { requireAdminPage } from "@/server/auth/guards";

export const metadata: Metadata = { title: "Vehicle sizes" };

export default async function VehicleSizesPage() {
  await requireAdminPage("/admin/services/vehicle-sizes");
  const sizes = await listVehicleSizesForAdmin();
  return (
    <div className="max-w-4xl">
      <h1 className="text-2xl font-bold tracking-tight">Vehicle sizes</h1>
      <p className="mt-1 text-ink-muted">
        Customers pick their vehicle&apos;s size when they book; every price depends on it. Examples help them
        choose.
      </p>

      <section
        aria-labelledby="add-size"
        className="mt-6 rounded-card border border-line bg-surface p-5 shadow-card"
      >
        <h2 id="add-size" className="text-lg font-semibold">
          Add a size
        </h2>
        <Form
          action={createVehicleSizeAction}
          resetOnSuccess
          refreshOnSuccess
          successMessage="Size added."
          aria-label="Add a size"
          className="mt-4"
        >
          <div className="grid gap-x-4 sm:grid-cols-2">
            <Field name="name" label="Name" autoComplete="off" />
            <Field
              name="examples"
              label="Examples"
              help="For example: Fiesta, Polo, Corsa"
              autoComplete="off"
              required={false}
            />
          </div>
          <Field name="description" label="Description" autoComplete="off" required={false} />
          <SubmitButton>Add size</SubmitButton>
        </Form>
      </section>

      <section aria-labelledby="all-sizes" className="mt-8">
        <h2 id="all-sizes" className="text-lg font-semibold">
          All sizes <span className="font-normal text-ink-muted">({sizes.length})</span>
        </h2>
        <OrderedList
          count={sizes.length}
          empty={<>No sizes yet. Add the first one above — for example &ldquo;Small&rdquo;.</>}
        >
          {sizes.map((s, i) => (
            <OrderedListItem
              key={s.id}
              id={s.id}
              name={s.name}
              isActive={s.isActive}
              isFirst={i === 0}
              isLast={i === sizes.length - 1}
              update={updateVehicleSizeAction}
              actions={{
                move: moveVehicleSizeAction,
                setActive: setVehicleSizeActiveAction,
                remove: deleteVehicleSizeAction,
              }}
              details={
                <>
                  {s.description && <p className="mt-1 text-sm text-ink-muted">{s.description}</p>}
                  {s.examples && <p className="mt-1 text-sm text-ink-muted">e.g. {s.examples}</p>}
                  <p className="mt-1 text-sm text-ink-subtle">
                    {s.priceCount === 1 ? "1 price" : `${s.priceCount} prices`} ·{" "}
                    {s.vehicleCount === 1 ? "1 customer vehicle" : `${s.vehicleCount} customer vehicles`}
                  </p>
                </>
              }
              editFields={
                <>
                  <Field name="name" label="Name" defaultValue={s.name} autoComplete="off" />
                  <Field
                    name="description"
                    label="Description"
                    defaultValue={s.description}
                    autoComplete="off"
                    required={false}
                  />
                  <Field
                    name="examples"
                    label="Examples"
                    defaultValue={s.examples}
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
