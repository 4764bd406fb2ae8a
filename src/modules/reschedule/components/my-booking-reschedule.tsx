"use client";

import { useRouter } from "next/navigation";
import { useContext, useEffect, useId, useState } from "react";
import { Button } from "@/components/ui/button";
import { cardClass } from "@/components/ui/card";
import { ConfirmActionButton } from "@/components/ui/overlay/confirm-action-button";
import { DayStepper } from "@/components/ui/day-stepper";
import { Dialog } from "@/components/ui/overlay/dialog";
import { Form, type FormResult } from "@/components/ui/form/form";
import { FormContext } from "@/components/ui/form/form-context";
import { SubmitButton, TextAreaField } from "@/components/ui/form/form-fields";
import { Legend } from "@/components/ui/form/label";
import { Notice } from "@/components/ui/notice";
import { toast } from "@/components/ui/overlay/toast";
import {
  acceptRescheduleOfferAction,
  declineRescheduleOfferAction,
  requestRescheduleAction,
  rescheduleSlotDayAction,
  withdrawRescheduleAction,
} from "../reschedule-actions";
import type { CustomerSlotDay, MyReschedulePanel } from "../server/my-reschedule-views";

// *Request a new time* on /dashboard/bookings/{id} (PRODUCT.md §3.3): a day's free times for the same
// job (its own time not blocking them) and a reason; the pending request with *Withdraw*; the business's
// answer — approved, declined with its reason, or another time offered with *Accept* and *Decline*.
// A time taken meanwhile is refused with a fresh list (the picker reloads the day).

const DATE = /^\d{4}-\d{2}-\d{2}$/;

function DayPicker({
  bookingId,
  initialDate,
  timeZone,
}: {
  bookingId: string;
  initialDate: string;
  timeZone: string;
}) {
  const id = useId();
  const { fieldErrors } = useContext(FormContext);
  const [date, setDate] = useState(initialDate);
  const [loaded, setLoaded] = useState<{
    key: string;
    day: CustomerSlotDay | null;
    error: string | null;
  } | null>(null);
  const [picked, setPicked] = useState<{ key: string; start: string } | null>(null);
  const slotError = fieldErrors.start?.[0];
  // A refusal ("just taken") reloads the day: the list shown is the fresh one.
  const key = `${date}|${slotError ?? ""}`;

  useEffect(() => {
    if (!DATE.test(date)) return;
    let live = true;
    rescheduleSlotDayAction({ bookingId, date }).then(
      (res) => {
        if (!live) return;
        setLoaded(
          res.ok
            ? { key, day: res.data as CustomerSlotDay, error: null }
            : { key, day: null, error: res.message },
        );
      },
      () => live && setLoaded({ key, day: null, error: "We couldn't load the times. Try again." }),
    );
    return () => {
      live = false;
    };
  }, [bookingId, date, key]);

  const loading = DATE.test(date) && loaded?.key !== key;
  const day = loaded?.key === key ? loaded.day : null;
  const error = loaded?.key === key ? loaded.error : null;
  const choice = picked?.key === key ? picked.start : "";

  return (
    <div className="space-y-3">
      <input type="hidden" name="start" value={choice} />
      <DayStepper date={date} onChange={setDate} />
      {slotError && (
        <p role="alert" className="text-sm text-danger">
          {slotError} The times below are up to date.
        </p>
      )}
      <div aria-live="polite" aria-busy={loading}>
        {loading && <p className="text-sm text-ink-muted">Loading the free times…</p>}
        {!loading && error && <Notice kind="error">{error}</Notice>}
        {!loading && day && day.slots.length === 0 && (
          <p className="text-sm text-ink-muted">No free time on {day.dateLabel}. Try another day.</p>
        )}
        {!loading && day && day.slots.length > 0 && (
          <fieldset>
            <Legend>
              Free times on {day.dateLabel} ({timeZone})
            </Legend>
            <ul className="mt-2 grid grid-cols-3 gap-2 sm:grid-cols-4">
              {day.slots.map((s) => {
                const checked = choice === s.start;
                return (
                  <li key={s.start}>
                    <label
                      className={`flex min-h-11 cursor-pointer items-center justify-center rounded-control border px-2 text-sm font-medium tabular has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-brand ${
                        checked ? "border-brand bg-brand text-white" : "border-line bg-surface"
                      }`}
                    >
                      <input
                        type="radio"
                        name={`${id}-slot`}
                        className="sr-only"
                        checked={checked}
                        onChange={() => setPicked({ key, start: s.start })}
                      />
                      {s.label}
                    </label>
                  </li>
                );
              })}
            </ul>
          </fieldset>
        )}
      </div>
      {choice && day && (
        <p role="status" className="text-sm">
          Chosen: {day.slots.find((s) => s.start === choice)?.label}, {day.dateLabel}.
        </p>
      )}
    </div>
  );
}

function RequestDialog({ panel }: { panel: MyReschedulePanel }) {
  const router = useRouter();
  const [open, setOpen] = useState(false);
  const run = async (input: Record<string, unknown>): Promise<FormResult> => {
    const res = await requestRescheduleAction(input);
    if (!res.ok && res.code === "CONFLICT") router.refresh();
    return res;
  };
  return (
    <Dialog
      open={open}
      onOpenChange={setOpen}
      className="max-w-2xl"
      trigger={<Button variant="secondary">Request a new time</Button>}
      title="Request a new time"
      description={`Now: ${panel.current}. Pick a time that suits you better: we hold it for you while we confirm it. The price doesn't change.`}
    >
      <Form
        action={run}
        extra={{ bookingId: panel.bookingId }}
        onSuccess={() => {
          setOpen(false);
          toast.success("Request sent: we hold that time for you until we answer.");
          router.refresh();
        }}
        aria-label="Request a new time"
      >
        <DayPicker bookingId={panel.bookingId} initialDate={panel.date} timeZone={panel.timeZone} />
        <div className="mt-4">
          <TextAreaField name="reason" label="Why" required={false} rows={2} />
        </div>
        <div className="mt-4">
          <SubmitButton>Send the request</SubmitButton>
        </div>
      </Form>
    </Dialog>
  );
}

export function MyBookingReschedule({ panel }: { panel: MyReschedulePanel }) {
  const { pending, answer } = panel;
  if (!pending && !answer && !panel.canRequest && !panel.refusal) return null;
  return (
    <section aria-labelledby="reschedule-heading" className={`${cardClass} mt-4`}>
      <h2 id="reschedule-heading" className="text-lg font-semibold">
        Change the time
      </h2>

      {pending && !pending.isOffer && (
        <div className="mt-2 space-y-2">
          <p>
            You asked to move it to <strong>{pending.requested}</strong>. We hold that time for you until{" "}
            {pending.expires} while we confirm it.
          </p>
          {pending.reason && <p className="text-sm text-ink-muted">Your reason: “{pending.reason}”</p>}
          <ConfirmActionButton
            action={withdrawRescheduleAction}
            input={{ requestId: pending.id }}
            variant="danger-outline"
            size="md"
            title="Withdraw your request?"
            description={`Your booking stays at ${panel.current}, and ${pending.requested} is no longer held for you.`}
            confirmLabel="Withdraw the request"
            cancelLabel="Keep it"
            successToast="Request withdrawn."
          >
            Withdraw request
          </ConfirmActionButton>
        </div>
      )}

      {pending?.isOffer && (
        <div className="mt-2 space-y-2">
          <p>
            We can&rsquo;t do the time you asked for, and offer <strong>{pending.requested}</strong> instead.
            We hold it for you until {pending.expires}.
          </p>
          {pending.reason && <p className="text-sm">Our message: “{pending.reason}”</p>}
          <div className="flex flex-wrap gap-2">
            <ConfirmActionButton
              action={acceptRescheduleOfferAction}
              input={{ requestId: pending.id }}
              variant="primary"
              size="md"
              title="Move your booking to the offered time?"
              description={`Your booking moves from ${panel.current} to ${pending.requested}. The price doesn't change; we email you the new time with an updated calendar file.`}
              confirmLabel="Accept and move"
              cancelLabel="Not yet"
              successToast="Done: your booking has moved."
            >
              Accept the new time
            </ConfirmActionButton>
            <ConfirmActionButton
              action={declineRescheduleOfferAction}
              input={{ requestId: pending.id }}
              variant="danger-outline"
              size="md"
              title="Decline the offered time?"
              description={`Your booking stays at ${panel.current}.`}
              confirmLabel="Decline the offer"
              cancelLabel="Keep it open"
              successToast="Offer declined: your booking stays as it was."
            >
              Decline
            </ConfirmActionButton>
          </div>
        </div>
      )}

      {!pending && answer && (
        <div className="mt-2" role="status">
          {answer.status === "approved" && (
            <p>
              {answer.isOffer ? "You accepted the time we offered" : "We approved your request"}: your booking
              is now at {panel.current}.
            </p>
          )}
          {answer.status === "declined" && (
            <>
              <p>
                {answer.isOffer
                  ? `You declined the time we offered (${answer.requested}); your booking stays as it was.`
                  : `We couldn't move it to ${answer.requested}; your booking stays as it was.`}
              </p>
              {!answer.isOffer && answer.message && (
                <p className="mt-1 text-sm">Our reason: “{answer.message}”</p>
              )}
            </>
          )}
          {answer.status === "withdrawn" &&
            (answer.isOffer ? (
              // Only the business withdraws its own offer: a weather day lifted (ADR 0036), with its reason.
              <p>
                {answer.message ?? "The times we offered are no longer held; your booking stays as it was."}
              </p>
            ) : (
              <p>You withdrew your request for {answer.requested}.</p>
            ))}
          {answer.status === "expired" && (
            <p>
              Your request for {answer.requested} wasn&rsquo;t answered in time, so the time was released.
            </p>
          )}
        </div>
      )}

      {!pending && (
        <div className="mt-3">
          {panel.canRequest ? (
            <>
              <p className="mb-2 text-sm text-ink-muted">
                {panel.weather
                  ? "The weather rules out this booking's time: you can ask for any new time."
                  : `You can ask for a new time until ${panel.cutoff}.`}
              </p>
              <RequestDialog panel={panel} />
            </>
          ) : (
            panel.refusal && <p className="text-sm text-ink-muted">{panel.refusal}</p>
          )}
        </div>
      )}
    </section>
  );
}
