import Link, { TextLink } from "@/components/ui/link";
import { ArrowDownRight, ArrowUpRight, Minus } from "lucide-react";
import { Badge } from "@/components/ui/badge";
import { cn } from "@/components/ui/cn";
import { routes } from "@/lib/routes";
import type { ActivityEntry, QueueGroup } from "../server/admin-today-queue";
import type { Kpi, KpiFigure } from "../server/admin-today";

// The today page's side panels: the numbers against the period before, the action queue and the
// latest activity. Each delta is words ("Up £12.00 on yesterday") with an arrow beside it for the eye.

const ARROW = { up: ArrowUpRight, down: ArrowDownRight, same: Minus } as const;

function Figure({ period, figure }: { period: string; figure: KpiFigure }) {
  const Arrow = ARROW[figure.delta.direction];
  return (
    <div>
      <dt className="text-xs font-medium uppercase tracking-wide text-ink-subtle">{period}</dt>
      <dd>
        <span className="block text-2xl font-bold tabular-nums">{figure.value}</span>
        <span
          className={cn(
            "mt-0.5 flex items-start gap-1 text-sm",
            figure.delta.direction === "up" && "text-success",
            figure.delta.direction === "down" && "text-danger",
            figure.delta.direction === "same" && "text-ink-muted",
          )}
        >
          <Arrow aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          {figure.delta.words}
        </span>
      </dd>
    </div>
  );
}

export function KpiGrid({ kpis }: { kpis: Kpi[] }) {
  return (
    <ul className="mt-3 grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
      {kpis.map((k) => (
        <li key={k.key} className="rounded-card border border-line bg-surface p-4 shadow-card">
          <h3 className="font-semibold">{k.label}</h3>
          <p className="text-xs text-ink-muted">{k.help}</p>
          <dl className="mt-3 grid grid-cols-2 gap-3 xl:grid-cols-1">
            <Figure period="Today" figure={k.today} />
            <Figure period="This week" figure={k.week} />
          </dl>
        </li>
      ))}
    </ul>
  );
}

const MORE_HREF: Partial<Record<QueueGroup["kind"], string>> = {
  awaiting_approval: `${routes.adminBookings}?status=awaiting_approval&sort=when&dir=asc`,
  time_request: routes.adminTimeRequests,
};

export function ActionQueue({ groups, total }: { groups: QueueGroup[]; total: number }) {
  if (total === 0)
    return (
      <p className="mt-3 text-sm text-ink-muted">Nothing needs you right now. New items appear here live.</p>
    );
  return (
    <div className="mt-3 space-y-4">
      {groups
        .filter((g) => g.count > 0)
        .map((g) => {
          const more = g.count - g.items.length;
          const moreHref = MORE_HREF[g.kind];
          return (
            <div key={g.kind}>
              <h3 className="flex items-center gap-2 text-sm font-semibold">
                {g.title}
                <Badge tone={g.kind === "payment_alert" || g.kind === "failed_email" ? "danger" : "warning"}>
                  {g.count}
                </Badge>
              </h3>
              <ul className="mt-1 divide-y divide-line">
                {g.items.map((item) => {
                  const body = (
                    <>
                      <span className="font-semibold text-brand">
                        {item.reference ?? (item.href ? "Request for a time" : "No booking")}
                      </span>
                      <span className="block text-ink">{item.text}</span>
                      <span className="block text-xs text-ink-muted">{item.when}</span>
                    </>
                  );
                  const href = item.href ?? (item.bookingId ? routes.adminBooking(item.bookingId) : null);
                  return (
                    <li key={item.id} className="text-sm">
                      {href ? (
                        <Link
                          href={href}
                          className="block min-h-11 rounded-control px-2 py-2 hover:bg-canvas"
                        >
                          {body}
                        </Link>
                      ) : (
                        <p className="px-2 py-2">{body}</p>
                      )}
                    </li>
                  );
                })}
              </ul>
              {more > 0 &&
                (moreHref ? (
                  <TextLink href={moreHref} weight="normal" touch="always" className="mt-1 px-2 text-sm">
                    {more} more {g.title.toLowerCase()}
                  </TextLink>
                ) : (
                  <p className="px-2 text-sm text-ink-muted">and {more} more</p>
                ))}
            </div>
          );
        })}
    </div>
  );
}

export function RecentActivity({ entries }: { entries: ActivityEntry[] }) {
  if (entries.length === 0)
    return (
      <p className="mt-3 text-sm text-ink-muted">
        No activity yet: bookings, payments and changes appear here.
      </p>
    );
  return (
    <ol className="mt-3 divide-y divide-line text-sm">
      {entries.map((e) => (
        <li key={e.id} className="py-2">
          <p>
            <span className="font-medium">{e.who}</span> · {e.what} ·{" "}
            <TextLink
              href={routes.adminBooking(e.bookingId)}
              underline="hover"
              weight="semibold"
              className="whitespace-nowrap"
            >
              {e.reference}
            </TextLink>
          </p>
          {e.why && <p className="text-ink-muted">“{e.why}”</p>}
          <p className="text-xs text-ink-muted">
            <time dateTime={e.atIso}>{e.at}</time>
          </p>
        </li>
      ))}
    </ol>
  );
}
