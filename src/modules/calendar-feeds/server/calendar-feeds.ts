import "server-only";
import { siteAnswersOf, siteSummary } from "@/lib/job/site-answers";
import { TIME_TAKING_STATUSES } from "@/lib/enums";
import { createHash, randomBytes } from "node:crypto";
import { and, asc, eq, gte, inArray, isNull, lte } from "drizzle-orm";
import { getEnv } from "@/env";
import { findUserById, staffTeamIds } from "@/modules/accounts/server";
import { getSettingsOrThrow } from "@/modules/settings/server";
import { type Actor, writeAudit } from "@/server/audit";
import { assertAdminActor } from "@/server/auth/assert-admin";
import { type DbOrTx, getDb } from "@/server/db";
import { bookings, calendarFeeds, teams, users } from "@/server/db/schema";
import { AppError } from "@/server/errors";
import { formatShortDate } from "@/lib/dates";
import { isUuid } from "@/lib/uuid";
import { routes } from "@/lib/routes";
import { calendarFeed, type FeedEvent } from "@/modules/bookings/domain/booking-calendar";
import { getBookingView } from "@/modules/bookings/server";

// Private calendar feeds (issue 17, ADR 0027): GET /api/calendar/<token>.ics, for Google/Apple calendar
// subscription. An admin's feed has the whole schedule, a team feed one team's jobs (both made by an admin
// and dropped when they stop being one), a technician's feed the jobs of the teams they are on when the
// calendar asks (dropped when they are deactivated; ADR 0053), a customer's feed their own bookings. The token (32 random bytes)
// is shown once, when made; only its SHA-256 is stored. Making a new one revokes the old one of that kind.

export type FeedKind = "admin" | "team" | "customer" | "staff";
/** Who may hold a feed of each kind. */
const HOLDER: Record<FeedKind, "admin" | "customer" | "staff"> = {
  admin: "admin",
  team: "admin",
  customer: "customer",
  staff: "staff",
};
const DAY = 86_400_000;
/** What a feed holds: the last 30 days and the next year. */
const PAST_DAYS = 30;
const FUTURE_DAYS = 366;
/**
 * A technician's is shorter — the last week and the next 60 days: enough to plan their weeks, not a
 * year of the business's customers' addresses on a phone (their own screen shows today and tomorrow).
 */
const STAFF_PAST_DAYS = 7;
const STAFF_FUTURE_DAYS = 60;
/** The jobs a schedule feed shows: the time they take (ADR 0043), done ones included. */
const SCHEDULE = TIME_TAKING_STATUSES;

/** A uuid no team has: a technician on no team gets an empty calendar. */
const NO_TEAM = "00000000-0000-0000-0000-000000000000";

const hash = (token: string) => createHash("sha256").update(token).digest("base64url");

export const calendarFeedUrl = (token: string, appUrl = getEnv().APP_URL) =>
  new URL(`/api/calendar/${token}.ics`, appUrl).toString();

export type CalendarFeedRow = {
  id: string;
  kind: FeedKind;
  teamId: string | null;
  teamName: string | null;
  createdAt: Date;
};

/** The caller's active feeds (never their tokens: those were shown once). */
export async function listCalendarFeeds(db: DbOrTx, actor: Actor): Promise<CalendarFeedRow[]> {
  const rows = await db
    .select({
      id: calendarFeeds.id,
      kind: calendarFeeds.kind,
      teamId: calendarFeeds.teamId,
      teamName: teams.name,
      createdAt: calendarFeeds.createdAt,
    })
    .from(calendarFeeds)
    .leftJoin(teams, eq(teams.id, calendarFeeds.teamId))
    .where(and(eq(calendarFeeds.userId, actor.id), isNull(calendarFeeds.revokedAt)))
    .orderBy(asc(calendarFeeds.createdAt));
  return rows;
}

async function assertMayHold(db: DbOrTx, actor: Actor, kind: FeedKind, teamId: string | null) {
  if (HOLDER[kind] !== "admin") {
    const user = await findUserById(db, actor.id);
    if (!user || user.banned || user.role !== HOLDER[kind]) throw new AppError("NOT_FOUND");
    return;
  }
  await assertAdminActor(db, actor);
  if (kind === "team") {
    if (!teamId || !isUuid(teamId))
      throw new AppError("VALIDATION", undefined, { teamId: ["Choose a team."] });
    const [team] = await db.select({ id: teams.id }).from(teams).where(eq(teams.id, teamId));
    if (!team) throw new AppError("VALIDATION", undefined, { teamId: ["Choose a team."] });
  }
}

/** Makes (or remakes, revoking the old) the caller's feed of that kind; returns its URL, shown once. */
export async function createCalendarFeed(
  db: DbOrTx,
  actor: Actor,
  input: { kind: FeedKind; teamId?: string | null },
  { now = new Date() }: { now?: Date } = {},
): Promise<{ id: string; url: string }> {
  const teamId = input.kind === "team" ? (input.teamId ?? null) : null;
  return db.transaction(async (tx) => {
    await assertMayHold(tx, actor, input.kind, teamId);
    const revoked = await tx
      .update(calendarFeeds)
      .set({ revokedAt: now })
      .where(
        and(
          eq(calendarFeeds.userId, actor.id),
          eq(calendarFeeds.kind, input.kind),
          teamId ? eq(calendarFeeds.teamId, teamId) : isNull(calendarFeeds.teamId),
          isNull(calendarFeeds.revokedAt),
        ),
      )
      .returning({ id: calendarFeeds.id });
    const token = randomBytes(32).toString("base64url");
    const [row] = await tx
      .insert(calendarFeeds)
      .values({ kind: input.kind, userId: actor.id, teamId, tokenHash: hash(token), createdAt: now })
      .returning({ id: calendarFeeds.id });
    if (!row) throw new Error("calendar feed not inserted");
    await writeAudit(tx, {
      actorId: actor.id,
      ip: actor.ip,
      action: revoked.length ? "calendar_feed.regenerate" : "calendar_feed.create",
      entity: "calendar_feed",
      entityId: row.id,
      summary: { kind: input.kind, teamId, revoked: revoked.map((r) => r.id) },
    });
    return { id: row.id, url: calendarFeedUrl(token) };
  });
}

/** Turns one of the caller's feeds off: its URL answers 404 from now on. */
export async function revokeCalendarFeed(
  db: DbOrTx,
  actor: Actor,
  input: { feedId: string },
  { now = new Date() }: { now?: Date } = {},
): Promise<void> {
  if (!isUuid(input.feedId)) throw new AppError("NOT_FOUND");
  await db.transaction(async (tx) => {
    const [row] = await tx
      .update(calendarFeeds)
      .set({ revokedAt: now })
      .where(
        and(
          eq(calendarFeeds.id, input.feedId),
          eq(calendarFeeds.userId, actor.id),
          isNull(calendarFeeds.revokedAt),
        ),
      )
      .returning({ id: calendarFeeds.id, kind: calendarFeeds.kind });
    if (!row) throw new AppError("NOT_FOUND");
    await writeAudit(tx, {
      actorId: actor.id,
      ip: actor.ip,
      action: "calendar_feed.revoke",
      entity: "calendar_feed",
      entityId: row.id,
      summary: { kind: row.kind },
    });
  });
}

/**
 * Turns off every feed of a person who loses access (an AccessRevoker, in that transaction): a feed is a
 * link that works without a session, so inviting them back later must not bring it back to life.
 */
export async function revokeCalendarFeedsOf(tx: DbOrTx, userId: string): Promise<void> {
  await tx
    .update(calendarFeeds)
    .set({ revokedAt: new Date() })
    .where(and(eq(calendarFeeds.userId, userId), isNull(calendarFeeds.revokedAt)));
}

/** The feed's calendar, or null for an unknown or revoked token, or an owner no longer entitled to it. */
export async function calendarFeedIcs(db: DbOrTx, token: string, now = new Date()): Promise<string | null> {
  if (!/^[A-Za-z0-9_-]{20,100}$/.test(token)) return null;
  const [feed] = await db
    .select()
    .from(calendarFeeds)
    .where(and(eq(calendarFeeds.tokenHash, hash(token)), isNull(calendarFeeds.revokedAt)));
  if (!feed) return null;
  const owner = await findUserById(db, feed.userId);
  if (!owner || owner.banned || owner.anonymisedAt) return null;
  if (owner.role !== HOLDER[feed.kind]) return null;
  // The office's view (the admin's, a team's, a technician's): who, where, the site; a customer's: theirs.
  const asCrew = feed.kind !== "customer";
  const staff = feed.kind === "staff";
  const crewTeams = staff ? await staffTeamIds(db, owner.id) : null;
  const settings = await getSettingsOrThrow(db);
  const from = new Date(now.getTime() - (staff ? STAFF_PAST_DAYS : PAST_DAYS) * DAY);
  const to = new Date(now.getTime() + (staff ? STAFF_FUTURE_DAYS : FUTURE_DAYS) * DAY);
  const rows = await db
    .select({ id: bookings.id, sequence: bookings.sequence, status: bookings.status, customer: users.name })
    .from(bookings)
    .innerJoin(users, eq(users.id, bookings.customerId))
    .where(
      and(
        gte(bookings.startsAt, from),
        lte(bookings.startsAt, to),
        feed.kind === "customer"
          ? and(
              eq(bookings.customerId, feed.userId),
              inArray(bookings.status, [...SCHEDULE, "cancelled", "declined"]),
            )
          : inArray(bookings.status, [...SCHEDULE]),
        feed.kind === "team" && feed.teamId ? eq(bookings.teamId, feed.teamId) : undefined,
        crewTeams ? inArray(bookings.teamId, crewTeams.length ? crewTeams : [NO_TEAM]) : undefined,
      ),
    )
    .orderBy(asc(bookings.startsAt))
    .limit(5000);
  const events: FeedEvent[] = [];
  for (const r of rows) {
    const view = await getBookingView(db, r.id);
    const site = view.address;
    const lines = asCrew
      ? [
          `${view.reference} · ${r.customer} · ${view.statusLabel}`,
          `Team: ${view.team?.name ?? "—"}`,
          ...view.items.map((i) => i.name),
          `Vehicle: ${view.vehicleLabel}`,
          `Site: ${siteSummary(siteAnswersOf(site))}`,
          ...(site.accessNotes ? [`Access: ${site.accessNotes}`] : []),
          ...(view.customerNotes ? [`Customer notes: ${view.customerNotes}`] : []),
          new URL(
            feed.kind === "staff" ? routes.staff : routes.adminBooking(r.id),
            getEnv().APP_URL,
          ).toString(),
        ]
      : [
          `Booking ${view.reference} with ${settings.businessName}`,
          ...view.items.map((i) => i.name),
          `Vehicle: ${view.vehicleLabel}`,
          `Questions? ${settings.contactPhone} · ${settings.contactEmail}`,
        ];
    events.push({
      bookingId: r.id,
      status: r.status,
      sequence: r.sequence,
      start: new Date(view.startsAt),
      end: new Date(view.endsAt),
      summary: asCrew
        ? `${view.title} — ${r.customer} (${view.team?.name ?? "no team"})`
        : `${view.title} — ${settings.businessName}`,
      description: lines.join("\n"),
      location: view.addressLine,
    });
  }
  const teamName = feed.teamId
    ? (await db.select({ name: teams.name }).from(teams).where(eq(teams.id, feed.teamId)))[0]?.name
    : null;
  return calendarFeed({
    name:
      feed.kind === "customer"
        ? `${settings.businessName} bookings`
        : feed.kind === "staff"
          ? `${settings.businessName} — my jobs`
          : `${settings.businessName}${teamName ? ` — ${teamName}` : " schedule"}`,
    appUrl: getEnv().APP_URL,
    timeZone: settings.timeZone,
    stamp: now,
    events,
  });
}

/** GET /api/calendar/<token>.ics */
export async function calendarFeedResponse(tokenWithExt: string): Promise<Response> {
  const token = tokenWithExt.endsWith(".ics") ? tokenWithExt.slice(0, -4) : "";
  const ics = token ? await calendarFeedIcs(await getDb(), token) : null;
  if (!ics) return new Response("This page could not be found.", { status: 404 });
  return new Response(ics, {
    headers: {
      "Content-Type": "text/calendar; charset=utf-8",
      "Cache-Control": "private, no-store",
      "Referrer-Policy": "no-referrer",
      "X-Robots-Tag": "noindex",
    },
  });
}

export type CalendarFeedSlot = {
  key: string;
  label: string;
  help: string;
  kind: FeedKind;
  teamId: string | null;
  feed: { id: string; since: string } | null;
};

/** The rows of the account page's "Calendar feeds": what the signed-in person may hold, and what is on. */
export async function calendarFeedSlots(db: DbOrTx, actor: Actor): Promise<CalendarFeedSlot[]> {
  const user = await findUserById(db, actor.id);
  if (!user) return [];
  const [active, settings] = await Promise.all([listCalendarFeeds(db, actor), getSettingsOrThrow(db)]);
  const since = (d: Date) => formatShortDate(d, settings.timeZone);
  const find = (kind: FeedKind, teamId: string | null) => {
    const f = active.find((a) => a.kind === kind && a.teamId === teamId);
    return f ? { id: f.id, since: since(f.createdAt) } : null;
  };
  if (user.role === "staff")
    return [
      {
        key: "staff",
        label: "Your team's jobs",
        help: "The jobs of the teams you are on, with the customer, vehicle, address and site, in your phone's calendar.",
        kind: "staff",
        teamId: null,
        feed: find("staff", null),
      },
    ];
  if (user.role !== "admin")
    return [
      {
        key: "customer",
        label: "Your bookings",
        help: "Your upcoming and recent bookings with us, kept up to date in your calendar app.",
        kind: "customer",
        teamId: null,
        feed: find("customer", null),
      },
    ];
  const teamRows = await db
    .select({ id: teams.id, name: teams.name })
    .from(teams)
    .where(eq(teams.isActive, true))
    .orderBy(asc(teams.name));
  return [
    {
      key: "admin",
      label: "The whole schedule",
      help: "Every team's jobs, with customer, vehicle and site details.",
      kind: "admin" as const,
      teamId: null,
      feed: find("admin", null),
    },
    ...teamRows.map((t) => ({
      key: `team-${t.id}`,
      label: `${t.name}'s jobs`,
      help: "One team's jobs: give it to the people in that van.",
      kind: "team" as const,
      teamId: t.id,
      feed: find("team", t.id),
    })),
  ];
}

export async function loadCalendarFeedSlots(userId: string): Promise<CalendarFeedSlot[]> {
  return calendarFeedSlots(await getDb(), { id: userId });
}
