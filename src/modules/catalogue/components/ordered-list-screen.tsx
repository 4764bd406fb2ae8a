import type { ReactNode } from "react";
import { PageHeader, Section, cardListClass } from "@/components/ui/card";
import { EmptyState } from "@/components/ui/data/empty-state";
import { Field, Form, SubmitButton, type FormResult } from "@/components/ui/form/form";
import { OrderedListItem } from "./ordered-list-item";
import type { RowActions } from "./row-actions";

// The admin screen of a list the business orders by hand — service categories, vehicle sizes: an add
// form, then the list with inline edit, reordering, activation and delete. The pages differ only in
// their words, their fields and what each row says about itself.

export type ListField = {
  name: string;
  label: string;
  help?: string;
  required?: boolean;
  /** Half the add form's width on wider screens (beside the next half field). */
  half?: boolean;
};

export type ListRow = {
  id: string;
  name: string;
  isActive: boolean;
  /** Current values of `fields`, by name, for the edit form. */
  values: Record<string, string | null | undefined>;
  /** Lines under the name (description, usage counts). */
  details: ReactNode;
};

type Props = {
  title: string;
  intro: ReactNode;
  /** "category" / "size": names the add form, its button and its success message. */
  noun: string;
  /** "All categories" — the list's heading (the count follows it). */
  listTitle: string;
  empty: ReactNode;
  fields: ListField[];
  rows: ListRow[];
  create: (values: Record<string, unknown>) => Promise<FormResult>;
  update: (values: Record<string, unknown>) => Promise<FormResult>;
  actions: Parameters<typeof RowActions>[0]["actions"];
};

const capitalised = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

export function OrderedListScreen(props: Props) {
  const half = props.fields.filter((f) => f.half);
  const full = props.fields.filter((f) => !f.half);
  const field = (f: ListField, value?: string | null) => (
    <Field
      key={f.name}
      name={f.name}
      label={f.label}
      help={f.help}
      required={f.required ?? true}
      defaultValue={value ?? undefined}
      autoComplete="off"
    />
  );
  return (
    <div className="max-w-4xl">
      <PageHeader title={props.title} description={props.intro} />

      <Section title={`Add a ${props.noun}`} className="mt-6">
        <Form
          action={props.create}
          resetOnSuccess
          refreshOnSuccess
          successMessage={`${capitalised(props.noun)} added.`}
          aria-label={`Add a ${props.noun}`}
          className="mt-4"
        >
          {half.length > 0 && <div className="grid gap-x-4 sm:grid-cols-2">{half.map((f) => field(f))}</div>}
          {full.map((f) => field(f))}
          <SubmitButton>Add {props.noun}</SubmitButton>
        </Form>
      </Section>

      <Section plain className="mt-8" title={props.listTitle} count={props.rows.length}>
        {props.rows.length === 0 ? (
          <EmptyState className="mt-3">{props.empty}</EmptyState>
        ) : (
          <ol className={`mt-3 ${cardListClass}`}>
            {props.rows.map((row, i) => (
              <OrderedListItem
                key={row.id}
                id={row.id}
                name={row.name}
                isActive={row.isActive}
                isFirst={i === 0}
                isLast={i === props.rows.length - 1}
                update={props.update}
                actions={props.actions}
                details={row.details}
                editFields={props.fields.map((f) => field({ ...f, help: undefined }, row.values[f.name]))}
              />
            ))}
          </ol>
        )}
      </Section>
    </div>
  );
}
