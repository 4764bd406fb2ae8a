import type { ReactNode } from "react";
import { ActiveBadge } from "@/components/ui/active-badge";
import { buttonClass } from "@/components/ui/button";
import { Form, SubmitButton, type FormResult } from "@/components/ui/form/form";
import { RowActions } from "./row-actions";

type Props = {
  id: string;
  name: string;
  isActive: boolean;
  isFirst: boolean;
  isLast: boolean;
  /** Lines under the name (description, examples, usage counts). */
  details: ReactNode;
  /** The edit form's fields, pre-filled. */
  editFields: ReactNode;
  update: (values: Record<string, unknown>) => Promise<FormResult>;
  actions: Parameters<typeof RowActions>[0]["actions"];
};

/** One row of an admin-ordered catalogue list: name and status, details, inline edit, row actions. */
export function OrderedListItem(props: Props) {
  return (
    <li className="flex flex-col gap-3 p-4 sm:flex-row sm:items-start sm:justify-between">
      <div className="min-w-0">
        <p className="flex flex-wrap items-center gap-2 font-medium">
          <span>{props.name}</span>
          <ActiveBadge isActive={props.isActive} />
        </p>
        {props.details}
        <details className="mt-2">
          <summary
            className={buttonClass({ variant: "link", className: "cursor-pointer text-sm no-underline" })}
          >
            Edit<span className="sr-only"> {props.name}</span>
          </summary>
          <Form
            action={props.update}
            extra={{ id: props.id }}
            refreshOnSuccess
            successMessage="Saved."
            aria-label={`Edit ${props.name}`}
            className="mt-2 max-w-md"
          >
            {props.editFields}
            <SubmitButton>Save</SubmitButton>
          </Form>
        </details>
      </div>
      <RowActions
        id={props.id}
        name={props.name}
        isActive={props.isActive}
        isFirst={props.isFirst}
        isLast={props.isLast}
        actions={props.actions}
      />
    </li>
  );
}
