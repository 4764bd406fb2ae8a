import { partsOfSlot } from "@/modules/availability/domain/slots";
import { formatShortDay } from "@/lib/day-parts";
import Link, { TextLink } from "@/components/ui/link";
import { ChevronLeft, ChevronRight } from "lucide-react";
import { formatDuration, formatTime, toLocalParts } from "@/lib/dates";
import { dateLabel, groupByPartOfDay, monthLabel, WEEKDAY_NAMES } from "../domain/wizard-calendar";
import { type WizardState, type WizardStep, wizardHref, wizardQuery } from "../domain/wizard-state";
import { routes } from "@/lib/routes";
import type { DateStepTimes } from "../server/wizard-times";
import { ButtonLink, buttonClass } from "@/components/ui/button";
import { Notice } from "@/components/ui/notice";
import { PlainTable } from "@/components/ui/data/table";

// The date step, all links: the month grid marks the days that have times (next and previous month
// are links too), and the chosen day's times are buttons grouped by part of the day. Choosing one
// opens the next step with it in the address bar, so back and refresh keep it.

/** How the business can be reached when nothing can be booked online. */
export type WizardContact = { businessName: string; phone: string; email: string };

function ReachUs({ contact, lower = false }: { contact: WizardContact; lower?: boolean }) {
  return (
    <>
      {lower ? "call" : "Call"} {contact.businessName} on{" "}
      <TextLink href={`tel:${contact.phone.replace(/[^\d+]/g, "")}`}>{contact.phone}</TextLink> or email{" "}
      <TextLink href={`mailto:${contact.email}`}>{contact.email}</TextLink>
    </>
  );
}

/**
 * "Ask for a time" (ADR 0057): when nothing can be booked online, the customer names the days that suit
 * them and the business proposes a time. The request page reads the visit from these choices.
 */
function askHref(state: WizardState): string {
  const choices = wizardQuery({ ...state, month: null, date: null, start: null, step: null, notice: null });
  return `${routes.askForTime}?${choices}`;
}

function AskForTime({ state }: { state: WizardState }) {
  return (
    <ButtonLink href={askHref(state)} variant="primary" className="mt-3">
      Ask for a time
    </ButtonLink>
  );
}

export function WizardTimeStep({
  times,
  state,
  next,
  timeZone,
  contact,
}: {
  times: DateStepTimes;
  state: WizardState;
  next: WizardStep;
  timeZone: string;
  contact: WizardContact;
}) {
  const base = { ...state, month: null };
  const workMs = times.workMinutes * 60_000;
  const slots = times.slots.map((s) => ({
    iso: s.start.toISOString(),
    start: s.start,
    // A start whose work goes on after a break ends later than start + work: say when (ADR 0054); a
    // visit over several days says the day it ends (ADR 0056).
    endsAfterBreak: s.end.getTime() - s.start.getTime() > workMs ? s.end : null,
    days: partsOfSlot(s).length,
  }));
  const zoneCity = timeZone.split("/").pop()?.replace(/_/g, " ") ?? timeZone;
  const zoneName = formatTime(slots[0]?.start ?? new Date(), timeZone).split(" ")[1] ?? "";
  const monthLink = (month: string) => wizardHref(base, { month, date: null, step: "time" });
  const navClass = buttonClass({ size: "icon", className: "size-11" });
  return (
    <div className="grid gap-6 md:grid-cols-[minmax(0,20rem)_1fr]">
      <section aria-labelledby="calendar-heading">
        <div className="flex items-center justify-between gap-2">
          {times.prevMonth ? (
            <Link href={monthLink(times.prevMonth)} className={navClass}>
              <ChevronLeft aria-hidden="true" className="size-5" />
              <span className="sr-only">Previous month, {monthLabel(times.prevMonth)}</span>
            </Link>
          ) : (
            <span className="size-11" />
          )}
          <h2 id="calendar-heading" className="font-semibold" aria-live="polite">
            {monthLabel(times.month)}
          </h2>
          {times.nextMonth ? (
            <Link href={monthLink(times.nextMonth)} className={navClass}>
              <ChevronRight aria-hidden="true" className="size-5" />
              <span className="sr-only">Next month, {monthLabel(times.nextMonth)}</span>
            </Link>
          ) : (
            <span className="size-11" />
          )}
        </div>
        <PlainTable aria-labelledby="calendar-heading" className="mt-3 table-fixed text-center">
          <thead>
            <tr>
              {WEEKDAY_NAMES.map(([short, long]) => (
                <th key={short} scope="col" className="pb-1 text-xs font-medium text-ink-muted">
                  <abbr title={long} className="no-underline">
                    {short}
                  </abbr>
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {times.weeks.map((week, i) => (
              <tr key={i}>
                {week.map((day, j) => {
                  if (!day) return <td key={j} />;
                  const n = Number(day.date.slice(8));
                  const selected = day.date === times.selected;
                  const label = `${dateLabel(day.date)}, ${
                    day.count ? `${day.count} ${day.count === 1 ? "time" : "times"} available` : "no times"
                  }`;
                  return (
                    <td key={day.date} className="p-0.5">
                      {day.count > 0 ? (
                        <Link
                          href={wizardHref(base, { date: day.date, start: null, step: "time" })}
                          aria-label={label}
                          aria-current={selected ? "date" : undefined}
                          className={`mx-auto flex size-11 flex-col items-center justify-center rounded-control font-semibold tabular ${
                            selected
                              ? "bg-brand text-white"
                              : "bg-brand-soft text-brand-ink ring-1 ring-brand/40 hover:bg-brand hover:text-white"
                          }`}
                        >
                          {n}
                          <span
                            aria-hidden="true"
                            className={`mt-0.5 size-1 rounded-full ${selected ? "bg-white" : "bg-brand"}`}
                          />
                        </Link>
                      ) : (
                        <span
                          aria-label={label}
                          role="img"
                          className="mx-auto flex size-11 items-center justify-center text-ink-subtle line-through decoration-line-strong tabular"
                        >
                          {n}
                        </span>
                      )}
                    </td>
                  );
                })}
              </tr>
            ))}
          </tbody>
        </PlainTable>
        <p className="mt-2 flex items-center gap-2 text-xs text-ink-muted">
          <span aria-hidden="true" className="inline-block size-1.5 rounded-full bg-brand" />
          Days with times you can book
        </p>
      </section>

      <section aria-labelledby="times-heading">
        <h2 id="times-heading" className="font-semibold">
          {times.selected ? `Times on ${dateLabel(times.selected)}` : "Times"}
        </h2>
        <p className="mt-1 text-sm text-ink-muted">
          Times are in {zoneCity} time{zoneName ? ` (${zoneName})` : ""}.
          {slots.some((s) => s.days > 1)
            ? ` This visit takes ${formatDuration(times.workMinutes)} of work, more than one of our days: it runs over consecutive working days, and each time says when it ends.`
            : slots.some((s) => s.endsAfterBreak) &&
              ` This visit takes ${formatDuration(times.workMinutes)} of work; a time that runs past our break says when it ends.`}
        </p>
        {times.tooLong ? (
          <Notice kind="neutral" className="mt-4 p-4" block>
            <p className="font-semibold">This visit is longer than one of our working days.</p>
            <p className="mt-1">
              It takes {formatDuration(times.tooLong.workMinutes)} of work, and our longest day holds{" "}
              {times.tooLong.dayMinutes > 0 ? formatDuration(times.tooLong.dayMinutes) : "no bookable time"},
              so it can&apos;t be booked online. Ask for a time: tell us the days that suit you and we&apos;ll
              propose one. Or <ReachUs contact={contact} lower /> and we&apos;ll arrange it with you.
            </p>
            <AskForTime state={state} />
          </Notice>
        ) : !times.selected ? (
          <Notice kind="neutral" className="mt-4 p-4" block>
            No times are left in {monthLabel(times.month)}.
            {times.nextMonth ? (
              <>
                {" "}
                <TextLink href={monthLink(times.nextMonth)}>See {monthLabel(times.nextMonth)}</TextLink>, or
                ask us: <ReachUs contact={contact} />.
              </>
            ) : (
              <>
                {" "}
                We may still fit you in: <ReachUs contact={contact} />.
              </>
            )}
            <span className="mt-1 block">
              Or tell us the days that suit you and we&apos;ll propose a time.
            </span>
            <AskForTime state={state} />
          </Notice>
        ) : slots.length === 0 ? (
          <Notice kind="neutral" className="mt-4 p-4">
            No times are left on this day. Please choose another day.
          </Notice>
        ) : (
          groupByPartOfDay(slots, (s) => {
            const l = toLocalParts(s.start, timeZone);
            return l.hour * 60 + l.minute;
          }).map((group) => (
            <div key={group.part} className="mt-4">
              <h3 className="text-sm font-medium text-ink-muted">{group.part}</h3>
              <ul className="mt-2 grid grid-cols-3 gap-2 sm:grid-cols-4">
                {group.items.map((s) => {
                  const chosen = state.start === s.iso;
                  const time = formatTime(s.start, timeZone).split(" ")[0];
                  return (
                    <li key={s.iso}>
                      <Link
                        href={wizardHref(base, { date: times.selected, start: s.iso, step: next })}
                        aria-current={chosen ? "true" : undefined}
                        className={`flex min-h-11 items-center justify-center rounded-control border font-semibold tabular ${
                          chosen
                            ? "border-brand bg-brand text-white"
                            : "border-line-strong bg-surface hover:border-brand hover:bg-brand-soft"
                        }`}
                      >
                        <span className="flex flex-col items-center leading-tight">
                          {time}
                          {s.endsAfterBreak && (
                            <span
                              className={`text-xs font-normal ${chosen ? "text-white" : "text-ink-muted"}`}
                            >
                              {s.days > 1
                                ? `to ${formatShortDay(s.endsAfterBreak, timeZone)} ${formatTime(s.endsAfterBreak, timeZone).split(" ")[0]} · ${s.days} days`
                                : `to ${formatTime(s.endsAfterBreak, timeZone).split(" ")[0]}`}
                            </span>
                          )}
                        </span>
                        {chosen && <span className="sr-only"> (your choice)</span>}
                      </Link>
                    </li>
                  );
                })}
              </ul>
            </div>
          ))
        )}
        {times.selected && slots.length > 0 && (
          <p className="mt-4 text-sm text-ink-muted">
            None of these suit you? <TextLink href={askHref(state)}>Ask for a time</TextLink>: tell us the
            days that suit and we&apos;ll propose one.
          </p>
        )}
      </section>
    </div>
  );
}
