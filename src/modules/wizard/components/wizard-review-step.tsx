import { VisitDays } from "@/components/ui/visit-days";
import { siteAnswersOf } from "@/lib/job/site-answers";
import { visitTimesInWords } from "@/lib/day-parts";
import { TextLink } from "@/components/ui/link";
import { Notice } from "@/components/ui/notice";
import { formatCalendarDate, formatDuration, formatJobLength, formatLongDate, formatTime } from "@/lib/dates";
import { formatMoney, formatSignedMoney } from "@/lib/money";
import { routes } from "@/lib/routes";
import { approvalSentence, holdSentence, rescheduleSentence } from "@/modules/settings/domain/policy-facts";
import { moreVehiclesText, wizardHref } from "../domain/wizard-state";
import { visitLinesShown, type WizardView } from "../server/wizard-page";
import { WizardReviewForm } from "./wizard-review-form";
import { cardClass } from "@/components/ui/card";
import { cn } from "@/components/ui/cn";
import { PlainHead, PlainRowTh, PlainTable, PlainTd, PlainTh } from "@/components/ui/data/table";

/** What is due now, in words, from the same numbers the commit uses. */
function dueNowText(view: WizardView, totalMinor: number): string {
  const s = view.settings;
  const money = (m: number) => formatMoney(m, s.currency);
  if (view.payBy)
    return `Nothing to pay now — on your account: we send you an invoice for ${money(totalMinor)}, to pay by ${formatCalendarDate(view.payBy)}.`;
  if (view.dueNowMinor === 0) return `Nothing to pay now — you pay ${money(totalMinor)} on the day.`;
  if (view.dueNowMinor >= totalMinor) return `Due now: ${money(totalMinor)}, paid online by card.`;
  return `Due now: a deposit of ${money(view.dueNowMinor)} (${s.depositPercent}%), paid online by card. The remaining ${money(totalMinor - view.dueNowMinor)} is paid on the day.`;
}

/** The last step: every line, the total, what is due now, the rules in a sentence each, and "I accept". */
export function WizardReviewStep({ view }: { view: WizardView }) {
  const { choices, settings: s, state, savedVehicle, savedAddress } = view;
  const q = view.quote;
  if (!q || !state.start) return null;
  // A visit over several days says each day's part and how it runs (ADR 0056).
  const visit = visitTimesInWords(
    view.startParts.map((p) => ({ start: new Date(p.start), end: new Date(p.end) })),
    s.timeZone,
    q.visitMode,
    s.baseAddress,
  );
  const lines = visitLinesShown(q);
  const start = new Date(state.start);
  const money = (m: number) => formatMoney(m, s.currency);
  const online = view.dueNowMinor > 0 && s.paymentMode !== "on_the_day";
  const submitLabel = online
    ? `Book and pay ${money(view.dueNowMinor)}`
    : s.approvalRequired
      ? "Request booking"
      : view.payBy
        ? "Confirm booking on account"
        : "Confirm booking";
  return (
    <div>
      <section aria-labelledby="items-heading">
        <h2 id="items-heading" className="text-lg font-semibold">
          What you&apos;re booking
        </h2>
        <PlainTable caption="Items, time and price" className="mt-2">
          <PlainHead hidden>
            <PlainTh>Item</PlainTh>
            <PlainTh>Time</PlainTh>
            <PlainTh>Price</PlainTh>
          </PlainHead>
          <tbody className="divide-y divide-line border-y border-line">
            {lines.map((line) => (
              <tr key={line.key}>
                <PlainRowTh className="font-normal">{line.name}</PlainRowTh>
                <PlainTd numeric className="text-ink-muted">
                  {line.minutes > 0 ? formatDuration(line.minutes) : ""}
                </PlainTd>
                <PlainTd numeric className="w-28 font-medium">
                  {formatSignedMoney(line.priceMinor, s.currency)}
                </PlainTd>
              </tr>
            ))}
          </tbody>
          <tfoot>
            <tr className="text-base font-semibold">
              <th scope="row" className="pt-3 text-left">
                Total
              </th>
              <td className="pt-3 text-right text-sm font-normal text-ink-muted tabular">
                {formatDuration(q.totalMinutes)}
              </td>
              <td className="pt-3 text-right tabular">{money(q.totalMinor)}</td>
            </tr>
          </tfoot>
        </PlainTable>
        <div
          className={cn(
            cardClass,
            "shadow-none mt-4 flex items-start justify-between gap-4 px-4 py-3 text-sm",
          )}
        >
          <div>
            <p className="font-medium">When</p>
            {visit.summary ? (
              <div className="text-ink-muted">
                <p>
                  {formatLongDate(start, s.timeZone)}, {visit.range} · {formatDuration(q.totalMinutes)} of
                  work
                </p>
                <VisitDays days={visit.days} how={visit.how} />
              </div>
            ) : (
              <p className="text-ink-muted">
                {formatLongDate(start, s.timeZone)},{" "}
                {view.startEndsAt ? (
                  <>
                    {formatTime(start, s.timeZone).split(" ")[0]} to{" "}
                    {formatTime(new Date(view.startEndsAt), s.timeZone)} ·{" "}
                    {formatJobLength(q.totalMinutes, start, new Date(view.startEndsAt))}
                  </>
                ) : (
                  formatTime(start, s.timeZone)
                )}
              </p>
            )}
          </div>
          <TextLink href={wizardHref(state, { step: "time" })} touch="always" className="shrink-0">
            Change<span className="sr-only"> date and time</span>
          </TextLink>
        </div>
      </section>

      <WizardReviewForm
        state={state}
        run={state.run}
        signedIn={view.signedIn}
        choices={{
          service: choices.service?.slug ?? "",
          size: savedVehicle ? "" : (choices.size?.id ?? ""),
          savedVehicleId: savedVehicle?.id ?? "",
          addons: choices.addons.map((a) => a.slug).join(","),
          postcode: savedAddress ? "" : (choices.postcode ?? ""),
          savedAddressId: savedAddress?.id ?? "",
          more: moreVehiclesText(state.more),
          start: state.start,
        }}
        more={view.more.map((m) => ({
          index: m.index,
          saved: m.saved ? `${m.saved.make} ${m.saved.model} — ${m.saved.registration}` : null,
          sizeName: m.sizeName,
        }))}
        saved={{
          vehicle: savedVehicle
            ? `${savedVehicle.make} ${savedVehicle.model} — ${savedVehicle.registration} (${choices.size?.name ?? ""})`
            : null,
          address: savedAddress
            ? [
                savedAddress.label,
                savedAddress.line1,
                savedAddress.line2,
                savedAddress.town,
                savedAddress.postcode,
              ]
                .filter(Boolean)
                .join(", ")
            : null,
        }}
        sizeName={choices.size?.name ?? null}
        submitLabel={submitLabel}
        policiesHref={routes.bookingPolicies}
        site={savedAddress && siteAnswersOf(savedAddress)}
      >
        <section aria-labelledby="pay-heading" className="mt-8">
          <h2 id="pay-heading" className="text-lg font-semibold">
            Payment and policies
          </h2>
          <p className="mt-2 font-medium">{dueNowText(view, q.totalMinor)}</p>
          {view.cancellationPromise?.insideFreeWindow && (
            <Notice kind="warning" className="mt-3">
              {view.cancellationPromise.sentence}
            </Notice>
          )}
          <ul className="mt-3 list-disc space-y-1 pl-5 text-sm text-ink-muted">
            {online && holdSentence(s) && <li>{holdSentence(s)}</li>}
            {!online && approvalSentence(s) && <li>{approvalSentence(s)}</li>}
            {view.cancellationPromise && !view.cancellationPromise.insideFreeWindow && (
              <li>{view.cancellationPromise.sentence}</li>
            )}
            <li>{rescheduleSentence(s)}</li>
          </ul>
        </section>
      </WizardReviewForm>
    </div>
  );
}
