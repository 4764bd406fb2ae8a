"use client";

import { useRouter } from "next/navigation";
import { useEffect, useRef, useState } from "react";
import { Field, Form, type FormResult, SelectField, SubmitButton } from "@/components/ui/form/form";
import { Notice } from "@/components/ui/notice";
import { createBlockAction } from "../block-actions";
import { useBlockDraft } from "./calendar-block-draft";

// "Block time": the keyboard path to a block, and where a selection on the day view lands. A new
// selection re-creates the fields with its values (keeping the reason typed so far) and moves focus to
// the reason, which is what is still missing.

type Props = {
  teams: { id: string; name: string }[];
  /** The date the calendar shows: the default for a new block. */
  defaultDate: string;
};

export function CalendarBlockForm({ teams, defaultDate }: Props) {
  const router = useRouter();
  const { draft, clear } = useBlockDraft();
  const [reason, setReason] = useState("");
  const wrapper = useRef<HTMLDivElement>(null);
  const [created, setCreated] = useState<string | null>(null);
  const [resetCount, setResetCount] = useState(0);

  useEffect(() => {
    if (!draft) return;
    wrapper.current?.querySelector<HTMLInputElement>("input[name='reason']")?.focus();
  }, [draft]);

  const submit = async (values: Record<string, unknown>): Promise<FormResult> => {
    setCreated(null);
    const result = await createBlockAction(values);
    if (result.ok) {
      const team = values.teamId === "all" ? "All teams" : teams.find((t) => t.id === values.teamId)?.name;
      setCreated(`Block added for ${team ?? "the team"}: ${String(values.reason).trim()}.`);
      setReason("");
      clear();
      setResetCount((n) => n + 1);
      router.refresh();
    }
    return result;
  };

  if (teams.length === 0)
    return (
      <p className="text-sm text-ink-muted">Add an active team first: blocks take a team&rsquo;s time.</p>
    );

  return (
    <div
      ref={wrapper}
      onInput={(e) => {
        const t = e.target as HTMLInputElement;
        if (t.name === "reason") setReason(t.value);
      }}
    >
      <div aria-live="polite" className="empty:hidden">
        {created && (
          <Notice kind="success" className="mb-4">
            {created}
          </Notice>
        )}
      </div>
      {draft && (
        <p className="mb-4 rounded-control border border-brand/30 bg-brand-soft px-3 py-2 text-sm text-brand-ink">
          Selected on the calendar: {draft.teamName}, {draft.startTime}–{draft.endTime}
          {draft.endDate ? ` (ends ${draft.endDate})` : ""}. Add a reason to block it.
        </p>
      )}
      <Form key={`${draft?.seq ?? 0}-${resetCount}`} action={submit} aria-label="Block time">
        <SelectField
          name="teamId"
          label="Team"
          placeholder="Choose a team"
          defaultValue={draft?.teamId ?? ""}
          options={[
            { value: "all", label: "All teams" },
            ...teams.map((t) => ({ value: t.id, label: t.name })),
          ]}
        />
        <Field name="date" label="Date" type="date" defaultValue={draft?.date ?? defaultDate} />
        <div className="grid grid-cols-2 gap-3">
          <Field name="startTime" label="From" type="time" defaultValue={draft?.startTime ?? ""} />
          <Field name="endTime" label="To" type="time" defaultValue={draft?.endTime ?? ""} />
        </div>
        <Field
          name="endDate"
          label="End date"
          type="date"
          required={false}
          defaultValue={draft?.endDate ?? ""}
          help="Only for a block that runs past midnight."
        />
        <Field
          name="reason"
          label="Reason"
          defaultValue={reason}
          help="Shown on the calendar, e.g. “Van service” or “Staff training”."
        />
        <SubmitButton>Block time</SubmitButton>
      </Form>
    </div>
  );
}
