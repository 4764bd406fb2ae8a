"use client";

import { useRouter } from "next/navigation";
import { useId, useState, useTransition } from "react";
import { Button } from "@/components/ui/button";
import { Section } from "@/components/ui/card";
import { Notice } from "@/components/ui/notice";
import { Label } from "@/components/ui/form/label";
import { createCalendarFeedAction, revokeCalendarFeedAction } from "../calendar-feed-actions";

// Private calendar feeds on the admin's, the technician's and the customer's account pages (ADR 0027). A feed's address is
// shown once, right after it is made (only its hash is kept); *New link* makes another and turns the old
// one off; *Turn off* stops it. Each row is one feed the person may hold: their schedule (or bookings,
// or a technician's teams' jobs), and for an admin one per team.

export type FeedSlot = {
  key: string;
  label: string;
  help: string;
  kind: "admin" | "team" | "customer" | "staff";
  teamId: string | null;
  /** The active feed, if any. */
  feed: { id: string; since: string } | null;
};

function FeedRow({ slot }: { slot: FeedSlot }) {
  const router = useRouter();
  const [pending, start] = useTransition();
  const [url, setUrl] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [copied, setCopied] = useState(false);
  const urlId = useId();

  const make = () =>
    start(async () => {
      setError(null);
      setCopied(false);
      const res = await createCalendarFeedAction({ kind: slot.kind, teamId: slot.teamId ?? undefined });
      if (!res.ok) return setError(res.message);
      setUrl(res.data.url);
      router.refresh();
    });
  const revoke = (feedId: string) =>
    start(async () => {
      setError(null);
      const res = await revokeCalendarFeedAction({ feedId });
      if (!res.ok) return setError(res.message);
      setUrl(null);
      router.refresh();
    });
  const copy = async () => {
    if (!url) return;
    await navigator.clipboard?.writeText(url).catch(() => undefined);
    setCopied(true);
  };

  return (
    <li className="py-4 first:pt-0 last:pb-0">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <p className="font-medium">{slot.label}</p>
          <p className="text-sm text-ink-muted">
            {slot.feed ? `On since ${slot.feed.since}. ` : "Off. "}
            {slot.help}
          </p>
        </div>
        <div className="flex flex-wrap gap-2">
          <Button variant="secondary" size="sm" pending={pending} onClick={make}>
            {slot.feed ? "New link" : "Make a link"}
          </Button>
          {slot.feed && (
            <Button
              variant="danger-outline"
              size="sm"
              disabled={pending}
              onClick={() => slot.feed && revoke(slot.feed.id)}
            >
              Turn off
            </Button>
          )}
        </div>
      </div>
      {url && (
        <div className="mt-3 space-y-2">
          <Label htmlFor={urlId}>Your private calendar address — copy it now, it is shown only once</Label>
          <div className="flex flex-col gap-2 sm:flex-row">
            <input
              id={urlId}
              readOnly
              value={url}
              onFocus={(e) => e.currentTarget.select()}
              className="min-h-11 w-full min-w-0 rounded-control border border-line bg-canvas px-3 font-mono text-sm"
            />
            <Button variant="secondary" onClick={copy}>
              {copied ? "Copied" : "Copy"}
            </Button>
          </div>
          <p className="text-sm text-ink-muted">
            In Google Calendar: Other calendars → From URL. On an iPhone: Settings → Calendar → Accounts → Add
            subscribed calendar. Anyone with the address can read it: make a new link if it leaks.
          </p>
        </div>
      )}
      {error && (
        <Notice kind="error" className="mt-3">
          {error}
        </Notice>
      )}
    </li>
  );
}

export function CalendarFeedsSection({ slots, description }: { slots: FeedSlot[]; description: string }) {
  return (
    <Section title="Calendar feeds" description={description} className="sm:p-6">
      <ul className="mt-5 divide-y divide-line">
        {slots.map((s) => (
          <FeedRow key={s.key} slot={s} />
        ))}
      </ul>
    </Section>
  );
}
