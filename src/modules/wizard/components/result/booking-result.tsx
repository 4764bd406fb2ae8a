import { CalendarPlus, CircleCheck, Clock, Info, LoaderCircle, CircleX } from "lucide-react";
import { TextLink } from "@/components/ui/link";
import type { ReactNode } from "react";
import { ButtonLink, buttonClass } from "@/components/ui/button";
import { Card, Section } from "@/components/ui/card";
import { cn } from "@/components/ui/cn";
import { routes } from "@/lib/routes";
import type { BookingResult } from "../../server/result-page";
import { BookingConfirming } from "./booking-confirming";
import { BookingPaymentActions } from "./booking-payment-actions";
import { BookingSummary } from "@/modules/bookings/components/booking-summary";
import { textLinkClass } from "@/components/ui/link";
import { isIn, ON_THE_CALENDAR_STATUSES } from "@/lib/enums";

// The body of /booking/payment-complete, /booking/payment-cancelled and /booking/success: one headline
// for where the booking stands (from the page the customer landed on and what the provider said), the
// summary, what happens next, Add to calendar, and — for someone not signed in — how to get an account.
// Paying and cancelling an unpaid booking are the payments module's actions (BookingPaymentActions).

type State =
  | "confirmed"
  | "awaiting_approval"
  | "confirming"
  | "awaiting_payment"
  | "problem"
  | "released"
  | "cancelled"
  | "finished";

function stateOf(r: BookingResult): State {
  const s = r.view.status;
  if (s === "confirmed" || s === "in_progress") return "confirmed";
  if (s === "awaiting_approval") return "awaiting_approval";
  if (s === "completed" || s === "no_show") return "finished";
  if (s === "cancelled" || s === "declined") return "cancelled";
  if (s === "expired") return "released";
  if (r.payment === "problem") return "problem";
  if (r.payment === "processing") return "confirming";
  return r.canPay ? "awaiting_payment" : "released";
}

type Tone = "success" | "pending" | "warning" | "neutral";

const TONE: Record<Tone, { box: string; icon: ReactNode }> = {
  success: {
    box: "border-success/30 bg-success-soft text-success",
    icon: <CircleCheck aria-hidden="true" className="size-7" />,
  },
  pending: {
    box: "border-info/30 bg-info-soft text-info",
    icon: <LoaderCircle aria-hidden="true" className="size-7 animate-spin motion-reduce:animate-none" />,
  },
  warning: {
    box: "border-warning/30 bg-warning-soft text-warning",
    icon: <Clock aria-hidden="true" className="size-7" />,
  },
  neutral: {
    box: "border-line bg-surface text-ink-muted",
    icon: <CircleX aria-hidden="true" className="size-7" />,
  },
};

function headline(state: State, r: BookingResult): { tone: Tone; title: string; lead: string } {
  const v = r.view;
  const holdUntil = v.holdExpiresAtTime ? ` until ${v.holdExpiresAtTime}` : "";
  switch (state) {
    case "confirmed":
      return {
        tone: "success",
        title: r.page === "payment-complete" ? "Payment received — you're booked" : "You're booked",
        lead: `${v.title} on ${v.date}, ${v.timeRange}. We've emailed your confirmation.`,
      };
    case "awaiting_approval":
      return {
        tone: "success",
        title: r.page === "payment-complete" ? "Payment received" : "Booking request received",
        lead: `${r.business.name} will check your booking for ${v.date}, ${v.timeRange} and email you once it's confirmed.`,
      };
    case "confirming":
      return {
        tone: "pending",
        title: "Confirming your payment…",
        lead: "This usually takes a few seconds. This page updates by itself — there's no need to pay again.",
      };
    case "awaiting_payment":
      return r.page === "payment-cancelled"
        ? {
            tone: "warning",
            title: "Payment not completed",
            lead: `Nothing has been charged. We're holding your time${holdUntil}: try again, or cancel the booking to free the time now.`,
          }
        : {
            tone: "warning",
            title: "Almost done — pay to confirm",
            lead: `Pay ${v.dueNow}${v.holdExpiresAtTime ? ` by ${v.holdExpiresAtTime}` : ""} to confirm your booking. We're holding the time for you until then.`,
          };
    case "problem":
      return {
        tone: "warning",
        title: "We couldn't confirm your payment automatically",
        lead: `${r.business.name} has been told and will be in touch. If you need to contact them, quote reference ${v.reference}.`,
      };
    case "released":
      return {
        tone: "neutral",
        title: "This time is no longer held",
        lead: "Payment wasn't completed in time, so the time was released for other bookings.",
      };
    case "cancelled":
      return {
        tone: "neutral",
        title: v.status === "declined" ? "This booking was declined" : "Booking cancelled",
        lead:
          v.status === "declined"
            ? `${r.business.name} couldn't take this booking. We're sorry for the trouble.`
            : "The booking is cancelled and its time has been released.",
      };
    case "finished":
      return {
        tone: "neutral",
        title: v.status === "completed" ? "This booking is complete" : "This booking has passed",
        lead: `${v.title} on ${v.date}.`,
      };
  }
}

function nextSteps(state: State, r: BookingResult): ReactNode[] {
  const v = r.view;
  const onTheDay =
    v.onTheDayMinor <= 0
      ? []
      : v.payBy
        ? [`${v.onTheDay} is on your account: your invoice is due by ${v.payBy}.`]
        : [`The remaining ${v.onTheDay} is paid on the day, when the job is done.`];
  const policy = (
    <>
      {r.promises.cancellation} See our <TextLink href={routes.bookingPolicies}>booking policies</TextLink>.
    </>
  );
  switch (state) {
    case "confirmed":
      return [
        "Your confirmation email has a calendar invite attached.",
        ...(r.promises.reminder ? [r.promises.reminder] : []),
        // A visit over several days says how it runs: drop-off, or the team each day (ADR 0056).
        v.visitHow ??
          `Please have the vehicle at the address by ${v.startTime}, with the access you told us about.`,
        ...onTheDay,
        policy,
      ];
    case "awaiting_approval":
      return [
        `${r.business.name} checks that the time and the job suit them.`,
        "You'll get an email as soon as your booking is confirmed (or if it can't go ahead).",
        ...onTheDay,
      ];
    case "confirming":
      return [
        "As soon as your payment is confirmed, this page shows your booking and we email your confirmation.",
        "If you close this page, the confirmation email still comes.",
      ];
    case "awaiting_payment":
      return [
        `Pay ${v.dueNow} online${v.holdExpiresAtTime ? ` before ${v.holdExpiresAtTime}` : ""}.`,
        "Once the payment goes through, your booking is confirmed and we email you.",
        "If it isn't paid in time, the time is released automatically and nothing is charged.",
        ...onTheDay,
      ];
    case "problem":
      return [
        `${r.business.name} will check the payment and contact you.`,
        `Call ${r.business.phone} if it's urgent.`,
      ];
    case "released":
    case "cancelled":
    case "finished":
      return [
        <>
          Choose a new time whenever you like: <TextLink href={routes.book}>Book again</TextLink>.
        </>,
      ];
  }
}

function ResultSection({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Section title={title}>
      <div className="mt-3">{children}</div>
    </Section>
  );
}

export function BookingResultView({ result }: { result: BookingResult }) {
  const r = result;
  const state = stateOf(r);
  const h = headline(state, r);
  const tone = TONE[h.tone];
  const steps = nextSteps(state, r);
  // A time only held while the payment is made is not on anyone's calendar yet.
  const showCalendar = isIn(ON_THE_CALENDAR_STATUSES, state);
  const refundNote =
    r.refund && (state === "released" || state === "cancelled")
      ? r.refund.status === "failed"
        ? `A payment of ${r.refund.amount} arrived after that. ${r.business.name} will refund it to you — they've been told.`
        : `A payment of ${r.refund.amount} arrived after that and has been refunded in full. It can take 5–10 working days to show on your statement.`
      : null;

  return (
    <div className="mx-auto max-w-3xl px-4 py-8 sm:px-6 sm:py-12">
      <Card className={cn("flex gap-4", tone.box)}>
        <span className="mt-0.5 shrink-0">{tone.icon}</span>
        <div className="min-w-0">
          <h1 className="text-2xl font-bold tracking-tight text-ink sm:text-3xl">{h.title}</h1>
          <p className="mt-2 text-ink">{h.lead}</p>
          {refundNote && <p className="mt-2 text-ink">{refundNote}</p>}
          {state === "confirming" && (
            <div className="mt-3">
              <BookingConfirming live={r.viewerIsOwner} />
            </div>
          )}
        </div>
      </Card>

      {state === "awaiting_payment" && (
        <div className="mt-6 flex flex-col gap-3 sm:flex-row sm:items-start">
          <BookingPaymentActions r={r} />
        </div>
      )}

      <div className="mt-8 space-y-6">
        <BookingSummary booking={r.view} />

        <ResultSection title="What happens next">
          <ol className="list-decimal space-y-2 pl-5">
            {steps.map((step, i) => (
              <li key={i}>{step}</li>
            ))}
          </ol>
        </ResultSection>

        {showCalendar && (
          <ResultSection title="Add to your calendar">
            <p className="text-sm text-ink-muted">
              A calendar file for Apple Calendar, Google Calendar or Outlook. If the booking changes, a new
              file replaces the same event rather than adding another.
            </p>
            <a href={r.links.calendar} download className={buttonClass({ size: "sm", className: "mt-3" })}>
              <CalendarPlus aria-hidden="true" className="size-4" />
              Add to calendar (.ics)
            </a>
          </ResultSection>
        )}

        {!r.viewerIsOwner && (
          <ResultSection title="See and manage your bookings online">
            <p>
              Set a password for your account to pay, cancel or move your bookings and keep your vehicles and
              addresses. If this was your first booking with us, we&apos;ve emailed you a link to choose one.
            </p>
            <ul className="mt-3 flex flex-wrap gap-x-6 gap-y-1">
              <li>
                <ButtonLink variant="link" href={routes.forgotPassword}>
                  Email me a password link
                </ButtonLink>
              </li>
              <li>
                <ButtonLink
                  variant="link"
                  href={`${routes.login}?next=${encodeURIComponent(r.links.success)}`}
                >
                  I already have a password — sign in
                </ButtonLink>
              </li>
            </ul>
          </ResultSection>
        )}

        <p className="flex items-start gap-2 text-sm text-ink-muted">
          <Info aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          <span>
            Questions about this booking? Call{" "}
            <a
              href={`tel:${r.business.phone.replace(/\s+/g, "")}`}
              className={textLinkClass({ tone: "inherit", weight: "normal" })}
            >
              {r.business.phone}
            </a>{" "}
            or email{" "}
            <a
              href={`mailto:${r.business.email}`}
              className={textLinkClass({ tone: "inherit", weight: "normal" })}
            >
              {r.business.email}
            </a>{" "}
            quoting {r.view.reference}.
          </span>
        </p>
      </div>
    </div>
  );
}
