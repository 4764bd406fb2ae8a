"use client";

import { useRouter } from "next/navigation";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { Form, type FormResult } from "@/components/ui/form/form";
import { CheckboxGroup, Field, SubmitButton, TextAreaField } from "@/components/ui/form/form-fields";
import { Notice } from "@/components/ui/notice";
import { markWeatherDayAction, previewWeatherDayAction } from "../weather-actions";

// "Mark weather day" (ADR 0036): the period and teams first, then a preview of the bookings it would move
// (nothing written yet), then the confirmation that closes the period and emails every customer in it.

type Preview = {
  period: string;
  teams: string;
  rows: { bookingId: string; reference: string; customerName: string; when: string; teamName: string }[];
};

export function WeatherDayForm({
  teams,
  defaultDate,
}: {
  teams: { id: string; name: string }[];
  defaultDate: string;
}) {
  const router = useRouter();
  const [values, setValues] = useState<Record<string, unknown> | null>(null);
  const [preview, setPreview] = useState<Preview | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const showPreview = async (v: Record<string, unknown>): Promise<FormResult> => {
    setDone(null);
    const result = await previewWeatherDayAction(v);
    if (result.ok) {
      setValues(v);
      setPreview(result.data as Preview);
    }
    return result;
  };

  const confirm = async () => {
    if (!values) return;
    setPending(true);
    setError(null);
    const result = await markWeatherDayAction(values);
    setPending(false);
    if (!result.ok) {
      setError(result.message);
      return;
    }
    const d = result.data;
    setDone(
      `Weather day marked: ${d.bookings} booking${d.bookings === 1 ? "" : "s"} emailed, ${d.offered} with new times held${
        d.withoutTimes ? `, ${d.withoutTimes} without a free time nearby (call them)` : ""
      }.`,
    );
    setPreview(null);
    setValues(null);
    router.refresh();
  };

  return (
    <div>
      <div aria-live="polite" className="empty:hidden">
        {done && (
          <Notice kind="success" className="mb-4">
            {done}
          </Notice>
        )}
      </div>
      {preview ? (
        <div className="space-y-4" aria-label="Preview">
          <h3 className="font-semibold">
            {preview.period} · {preview.teams}
          </h3>
          {preview.rows.length === 0 ? (
            <p className="text-sm text-ink-muted">
              No booking in this period. Marking it still closes it for new bookings.
            </p>
          ) : (
            <>
              <p className="text-sm">
                {preview.rows.length} booking{preview.rows.length === 1 ? "" : "s"} will be offered the
                nearest free times, held for them, by email. Nothing is charged or refunded.
              </p>
              <ul className="divide-y divide-line rounded-card border border-line">
                {preview.rows.map((r) => (
                  <li key={r.bookingId} className="flex flex-wrap justify-between gap-x-4 px-4 py-2 text-sm">
                    <span className="font-medium">
                      {r.reference} · {r.customerName}
                    </span>
                    <span className="text-ink-muted tabular">
                      {r.when} · {r.teamName}
                    </span>
                  </li>
                ))}
              </ul>
            </>
          )}
          {error && <Notice kind="error">{error}</Notice>}
          <div className="flex flex-wrap gap-3">
            <Button
              type="button"
              variant="primary"
              size="lg"
              className="w-full sm:w-auto"
              onClick={confirm}
              pending={pending}
            >
              {preview.rows.length
                ? `Confirm: close it and email ${preview.rows.length} customer${preview.rows.length === 1 ? "" : "s"}`
                : "Confirm: close it for new bookings"}
            </Button>
            <Button
              type="button"
              variant="secondary"
              size="lg"
              className="w-full sm:w-auto"
              onClick={() => {
                setPreview(null);
                setError(null);
              }}
            >
              Change
            </Button>
          </div>
        </div>
      ) : (
        <Form action={showPreview} aria-label="Mark weather day">
          <Field
            name="date"
            label="Date"
            type="date"
            defaultValue={(values?.date as string) ?? defaultDate}
          />
          <div className="grid grid-cols-2 gap-3">
            <Field
              name="from"
              label="From"
              type="time"
              required={false}
              defaultValue={(values?.from as string) ?? ""}
              help="Leave both empty for the whole day."
            />
            <Field
              name="to"
              label="To"
              type="time"
              required={false}
              defaultValue={(values?.to as string) ?? ""}
            />
          </div>
          <CheckboxGroup
            name="teamIds"
            legend="Teams"
            help="None ticked: every team."
            options={teams.map((t) => ({ value: t.id, label: t.name }))}
            defaultValues={(values?.teamIds as string[]) ?? []}
          />
          <TextAreaField
            name="message"
            label="Message to customers"
            required={false}
            rows={3}
            defaultValue={(values?.message as string) ?? ""}
            help="Shown in the email, e.g. “Storm warning: we can't work outdoors safely.”"
          />
          <SubmitButton>Preview affected bookings</SubmitButton>
        </Form>
      )}
    </div>
  );
}
