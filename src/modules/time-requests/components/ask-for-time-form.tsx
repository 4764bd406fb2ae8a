"use client";

import { Plus, X } from "lucide-react";
import { useContext, useState } from "react";
import { Button } from "@/components/ui/button";
import { Form } from "@/components/ui/form/form";
import { FormContext } from "@/components/ui/form/form-context";
import { controlClass } from "@/components/ui/form/control";
import { ControlledField, SubmitButton, TextAreaField } from "@/components/ui/form/form-fields";
import { Notice } from "@/components/ui/notice";
import { readRun } from "@/modules/wizard/components/wizard-run";
import { DAY_PART_LABELS, DAY_PARTS } from "../domain/time-request-rules";
import { askForTimeAction } from "../time-request-actions";

// The request's form: the days that suit (a date and a part of the day each, up to 14; a row added per
// day), a note, and — sent along, never typed again — what this browser tab kept of a vehicle or address
// typed in the wizard. The server checks everything again; a refusal keeps what was entered.

type Props = {
  choices: string;
  run: string | null;
  firstDay: string;
  lastDay: string;
  maxDays: number;
};

/** The problems that are not one field's: the visit, or details this tab no longer holds. */
function VisitProblem() {
  const { fieldErrors } = useContext(FormContext);
  const problem = fieldErrors.visit?.[0] ?? fieldErrors.details?.[0];
  return problem ? (
    <Notice kind="error" className="mb-4">
      {problem}
    </Notice>
  ) : null;
}

function DaysMessage() {
  const { fieldErrors } = useContext(FormContext);
  const message = fieldErrors.days?.[0];
  return message ? (
    <p id="days-error" className="mb-2 text-sm text-danger">
      {message}
    </p>
  ) : null;
}

export function AskForTimeForm({ choices, run, firstDay, lastDay, maxDays }: Props) {
  const [rows, setRows] = useState<number[]>([0]);
  const [next, setNext] = useState(1);
  // The details typed in the wizard live in this tab only (ADR 0011): read when sending, not rendered.
  const send = async (values: Record<string, unknown>) => {
    const kept = run ? readRun(run) : null;
    return askForTimeAction({
      ...values,
      vehicle: kept?.vehicle ?? null,
      more: kept?.more ?? [],
      address: kept?.address ?? null,
    });
  };
  return (
    <Form action={send} extra={{ choices }} followRedirect aria-label="Ask for a time">
      <VisitProblem />
      <fieldset>
        <legend className="text-base font-semibold">Days that suit you</legend>
        <p className="mb-3 text-sm text-ink-muted">
          Up to {maxDays} days, from tomorrow. Say if only the morning or the afternoon suits.
        </p>
        <DaysMessage />
        <ol className="grid gap-3">
          {rows.map((key, i) => (
            <li
              key={key}
              className="grid grid-cols-[1fr_auto] items-end gap-x-3 rounded-control border border-line p-3 sm:grid-cols-[1fr_12rem_auto]"
            >
              <ControlledField name={`days.${i}.date`} label={`Day ${i + 1}`}>
                {({ control, invalid }) => (
                  <input
                    {...control}
                    type="date"
                    name={`days.${i}.date`}
                    min={firstDay}
                    max={lastDay}
                    className={`${controlClass(invalid)} min-h-11`}
                  />
                )}
              </ControlledField>
              <div className="col-start-1 sm:col-start-2">
                <ControlledField name={`days.${i}.part`} label="Part of the day">
                  {({ control, invalid }) => (
                    <select
                      {...control}
                      name={`days.${i}.part`}
                      defaultValue="any"
                      className={`${controlClass(invalid)} min-h-11`}
                    >
                      {DAY_PARTS.map((p) => (
                        <option key={p} value={p}>
                          {DAY_PART_LABELS[p]}
                        </option>
                      ))}
                    </select>
                  )}
                </ControlledField>
              </div>
              {rows.length > 1 && (
                <Button
                  type="button"
                  variant="ghost"
                  size="icon"
                  className="col-start-2 row-start-1 mb-4 size-11 sm:col-start-3"
                  onClick={() => setRows(rows.filter((r) => r !== key))}
                >
                  <X aria-hidden="true" className="size-5" />
                  <span className="sr-only">Remove day {i + 1}</span>
                </Button>
              )}
            </li>
          ))}
        </ol>
        {rows.length < maxDays && (
          <Button
            type="button"
            variant="secondary"
            className="mt-3"
            onClick={() => {
              setRows([...rows, next]);
              setNext(next + 1);
            }}
          >
            <Plus aria-hidden="true" className="size-4" />
            Add another day
          </Button>
        )}
      </fieldset>
      <div className="mt-6">
        <TextAreaField
          name="note"
          label="Anything we should know"
          required={false}
          rows={3}
          help="For example: the car is in a garage, or a day's times that suit best."
        />
      </div>
      <div className="mt-2 flex justify-end">
        <SubmitButton>Send my request</SubmitButton>
      </div>
    </Form>
  );
}
