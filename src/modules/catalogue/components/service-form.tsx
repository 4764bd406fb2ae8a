import type { VisitMode } from "@/lib/enums";
import {
  Checkbox,
  CheckboxGroup,
  Field,
  Form,
  type FormResult,
  SelectField,
  SubmitButton,
  TextAreaField,
} from "@/components/ui/form/form";
import type { ServiceKind } from "@/lib/enums";

export type ServiceFormValues = {
  name: string;
  slug: string;
  categoryId: string;
  kind: ServiceKind;
  shortDescription: string;
  longDescription: string;
  addonCategoryIds: string[];
  isActive: boolean;
  spansBreaks: boolean;
  multiDayMode?: VisitMode;
  sortOrder: number | null;
  maintenanceIntervalMonths: number | null;
};

/** Create and edit share one form; on create the slug may be left empty to be generated from the name. */
export function ServiceForm({
  action,
  categories,
  values,
  extra,
  submitLabel,
  successMessage,
}: {
  action: (values: Record<string, unknown>) => Promise<FormResult>;
  categories: { id: string; name: string; isActive: boolean }[];
  values?: ServiceFormValues;
  extra?: Record<string, unknown>;
  submitLabel: string;
  successMessage?: string;
}) {
  const options = categories.map((c) => ({
    value: c.id,
    label: c.isActive ? c.name : `${c.name} (inactive)`,
  }));
  return (
    <Form
      action={action}
      extra={extra}
      followRedirect
      refreshOnSuccess
      successMessage={successMessage}
      aria-label={submitLabel}
    >
      <div className="grid gap-x-4 sm:grid-cols-2">
        <Field name="name" label="Name" defaultValue={values?.name} autoComplete="off" />
        <Field
          name="slug"
          label="Web address"
          defaultValue={values?.slug}
          autoComplete="off"
          required={false}
          help={
            values
              ? "Used in booking links (/book?service=…). Changing it breaks links you have shared."
              : "Used in booking links (/book?service=…). Leave empty to make one from the name."
          }
        />
        <SelectField
          name="categoryId"
          label="Category"
          options={options}
          defaultValue={values?.categoryId}
          placeholder="Choose a category"
        />
        <SelectField
          name="kind"
          label="Kind"
          options={[
            { value: "package", label: "Package — booked on its own" },
            { value: "addon", label: "Add-on — an extra added to a package" },
          ]}
          defaultValue={values?.kind ?? "package"}
        />
      </div>
      <CheckboxGroup
        className="addon-only"
        name="addonCategoryIds"
        legend="Offer this add-on with"
        help="Tick the categories whose packages it can be added to. None ticked: every category."
        options={categories.map((c) => ({ value: c.id, label: c.name }))}
        defaultValues={values?.addonCategoryIds}
      />
      <Field
        name="shortDescription"
        label="Short description"
        defaultValue={values?.shortDescription}
        autoComplete="off"
        required={false}
        help="One line on the service's card, up to 200 characters."
      />
      <TextAreaField
        name="longDescription"
        label="Full description"
        defaultValue={values?.longDescription}
        required={false}
        rows={6}
        help="What's included, shown when a customer opens the service. Markdown: **bold**, *italic*, - lists, [links](https://…)."
      />
      <div className="grid gap-x-4 sm:grid-cols-2">
        <Field
          name="sortOrder"
          label="Position in its category"
          type="number"
          inputMode="numeric"
          defaultValue={values?.sortOrder === null || values === undefined ? "" : String(values.sortOrder)}
          required={false}
          help="Lower numbers come first. Empty: at the end."
        />
        <Field
          name="maintenanceIntervalMonths"
          label="Remind customers after (months)"
          type="number"
          inputMode="numeric"
          defaultValue={
            values?.maintenanceIntervalMonths === null || values === undefined
              ? ""
              : String(values.maintenanceIntervalMonths)
          }
          required={false}
          help="For work that wants redoing, like a coating top-up: the customer gets one email when it is due, with a link to book it again. Empty: no reminder."
        />
      </div>
      <Checkbox
        name="spansBreaks"
        label="Work may continue after a break"
        help="A long job can start before lunch and finish after it: 8 h from 08:00 with a 30-minute break ends at 16:30, and the team keeps the break. Untick for short jobs that should never be split by a break."
        defaultChecked={values?.spansBreaks ?? true}
      />
      <SelectField
        name="multiDayMode"
        label="When a job takes more than a day"
        help="A job longer than your working day is booked over consecutive working days. Say how it runs: the customer is told before paying."
        options={[
          { value: "mobile", label: "Our team comes back each day" },
          { value: "drop_off", label: "The vehicle stays with us (drop-off and collection)" },
        ]}
        defaultValue={values?.multiDayMode ?? "mobile"}
      />
      <Checkbox
        name="isActive"
        label="Active"
        help="Inactive services are hidden from customers but stay on past bookings."
        defaultChecked={values?.isActive ?? true}
      />
      <SubmitButton>{submitLabel}</SubmitButton>
    </Form>
  );
}
