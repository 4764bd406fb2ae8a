"use client";

import { useRouter } from "next/navigation";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/overlay/dialog";
import { Form, type FormResult } from "@/components/ui/form/form";
import { SubmitButton, TextAreaField } from "@/components/ui/form/form-fields";
import { toast } from "@/components/ui/overlay/toast";
import { Legend } from "@/components/ui/form/label";
import { formatDuration } from "@/lib/dates";
import { bookingSlotDayAction, moveBookingAction, reassignTeamAction } from "../actions";
import { AdminSlotPicker, OverrideCheckbox } from "./admin-slot-picker";
import type { BookingMovePanel } from "../server";

// Move and Reassign team on /admin/bookings/{id}. Each dialog says what will happen before it does: the
// length, status and money stay; a move emails the customer the new time (and calendar file); a reassign
// tells nobody but the schedule. A refusal (taken, outside the rules, the page out of date) stays in the
// dialog with the reason; a page that was out of date is refreshed.

type Props = BookingMovePanel & { reference: string; customerName: string; when: string };

type Action = (input: Record<string, unknown>) => Promise<FormResult>;

function useRun(action: Action) {
  const router = useRouter();
  return async (input: Record<string, unknown>): Promise<FormResult> => {
    const res = await action(input);
    if (!res.ok && res.code === "CONFLICT") router.refresh();
    return res;
  };
}

export function AdminBookingMove(props: Props) {
  const router = useRouter();
  const [moveOpen, setMoveOpen] = useState(false);
  const [teamOpen, setTeamOpen] = useState(false);
  const move = useRun(moveBookingAction);
  const reassign = useRun(reassignTeamAction);
  const shown = {
    bookingId: props.bookingId,
    from: props.status,
    fromStart: props.startsAt,
    fromTeamId: props.teamId,
  };
  const allTeams = [{ id: props.teamId, name: props.teamName }, ...props.otherTeams];
  const loadDay = (date: string) => bookingSlotDayAction({ bookingId: props.bookingId, date });
  const [reassignTo, setReassignTo] = useState(props.otherTeams.find((t) => t.free)?.id ?? "");
  const chosen = props.otherTeams.find((t) => t.id === reassignTo);

  return (
    <div className="space-y-3">
      <p className="text-sm text-ink-muted">
        Now: {props.when} with {props.teamName} ({formatDuration(props.durationMinutes)}).
      </p>
      <div className="flex flex-wrap gap-3">
        <Dialog
          open={moveOpen}
          onOpenChange={setMoveOpen}
          className="max-w-2xl"
          trigger={<Button>Move to another time</Button>}
          title={`Move ${props.reference}`}
          description={`Pick a new start for the same ${formatDuration(props.durationMinutes)} job. Its status and price stay as they are; ${props.customerName} is emailed the new time${props.status === "confirmed" ? " with an updated calendar file" : ""}.`}
        >
          <Form
            action={move}
            extra={shown}
            onSuccess={() => {
              setMoveOpen(false);
              toast.success("Booking moved. The customer is emailed the new time.");
              router.refresh();
            }}
            aria-label="Move the booking"
          >
            <AdminSlotPicker
              loadDay={loadDay}
              initialDate={props.date}
              timeZone={props.timeZone}
              teams={allTeams}
              current={{ start: props.startsAt, teamId: props.teamId }}
              askReason="always"
              reasonLabel="Reason (on the timeline and in the customer's email)"
            />
            <div className="mt-4">
              <SubmitButton>Move and email the customer</SubmitButton>
            </div>
          </Form>
        </Dialog>

        {props.otherTeams.length === 0 ? (
          <p className="self-center text-sm text-ink-muted">No other active team to reassign to.</p>
        ) : (
          <Dialog
            open={teamOpen}
            onOpenChange={setTeamOpen}
            trigger={<Button>Reassign team</Button>}
            title={`Reassign ${props.reference}`}
            description={`Same time (${props.when}); only the team changes, from ${props.teamName}. The customer is not emailed.`}
          >
            <Form
              action={reassign}
              extra={shown}
              onSuccess={() => {
                setTeamOpen(false);
                toast.success("Team changed.");
                router.refresh();
              }}
              aria-label="Reassign the team"
            >
              <fieldset className="mb-4">
                <Legend>New team</Legend>
                <ul className="mt-2 space-y-2">
                  {props.otherTeams.map((t) => (
                    <li key={t.id}>
                      <label className="flex min-h-11 cursor-pointer items-start gap-3 rounded-control border border-line p-3">
                        <input
                          type="radio"
                          name="teamId"
                          value={t.id}
                          checked={reassignTo === t.id}
                          onChange={() => setReassignTo(t.id)}
                          className="mt-1 size-5 accent-brand"
                        />
                        <span>
                          <span className="font-medium">{t.name}</span>{" "}
                          <span className={t.free ? "text-success" : "text-warning"}>
                            {t.free ? "— free then" : "— busy then"}
                          </span>
                          {t.note && <span className="block text-sm text-ink-muted">{t.note}</span>}
                        </span>
                      </label>
                    </li>
                  ))}
                </ul>
              </fieldset>
              <ReassignOverride busy={Boolean(chosen && !chosen.free)} />
              <SubmitButton>Reassign team</SubmitButton>
            </Form>
          </Dialog>
        )}
      </div>
    </div>
  );
}

function ReassignOverride({ busy }: { busy: boolean }) {
  const [override, setOverride] = useState(false);
  return (
    <div className="mb-4 space-y-3">
      <OverrideCheckbox checked={override} onChange={setOverride} />
      {busy && !override && (
        <p className="text-sm text-ink-muted">
          That team is busy then: the change will be refused unless what is in the way moves first.
        </p>
      )}
      {override && (
        <>
          <p role="status" className="text-sm text-warning">
            Overriding ignores the travel buffers between jobs. A real overlap with another booking or a block
            is still refused. Your reason is recorded on the timeline and in the audit log.
          </p>
          <TextAreaField name="reason" label="Reason (required to override)" rows={2} />
        </>
      )}
    </div>
  );
}
