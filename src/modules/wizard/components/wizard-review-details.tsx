"use client";

import Link, { TextLink } from "@/components/ui/link";
import { siteAnswersOf, siteSummary } from "@/lib/job/site-answers";
import type { ReactNode } from "react";
import { Notice } from "@/components/ui/notice";
import type { WizardStep } from "../domain/wizard-state";
import type { RunDetails } from "./wizard-run";
import { cardClass } from "@/components/ui/card";
import { cn } from "@/components/ui/cn";

// The review's "vehicle, address and contact": the saved ones (signed in) or what this tab kept of what
// was typed, each with a way back to change it — and what is missing on this device, if anything.

/** A further vehicle as the review shows it: a saved one's label, or a new one's details from the tab. */
export type ReviewMoreVehicle = { index: number; saved: string | null; sizeName: string | null };

export type Problem = { step: WizardStep; label: string; message: string };

function DetailsBlock({ title, href, children }: { title: string; href: string; children: ReactNode }) {
  return (
    <div className="flex items-start justify-between gap-4 py-3">
      <div className="min-w-0 text-sm">
        <p className="font-medium">{title}</p>
        <div className="text-ink-muted">{children}</div>
      </div>
      <TextLink href={href} touch="always" className="shrink-0 text-sm">
        Change<span className="sr-only"> {title.toLowerCase()}</span>
      </TextLink>
    </div>
  );
}

export function ReviewDetails({
  details,
  saved,
  more,
  sizeName,
  signedIn,
  href,
  gaps,
}: {
  details: RunDetails | null | undefined;
  saved: { vehicle: string | null; address: string | null };
  more: ReviewMoreVehicle[];
  sizeName: string | null;
  signedIn: boolean;
  href: (step: WizardStep) => string;
  gaps: Problem[];
}) {
  return (
    <section aria-labelledby="who-heading" className="mt-8">
      <h2 id="who-heading" className="text-lg font-semibold">
        Vehicle, address and contact
      </h2>
      <div className={cn(cardClass, "mt-2 divide-y divide-line px-4 py-0 shadow-none")}>
        <DetailsBlock title="Vehicle" href={href("vehicle")}>
          {saved.vehicle ? (
            <p>{saved.vehicle}</p>
          ) : details?.vehicle ? (
            <p>
              {details.vehicle.make} {details.vehicle.model}
              {details.vehicle.colour ? `, ${details.vehicle.colour}` : ""} — {details.vehicle.registration}
              {sizeName ? ` (${sizeName})` : ""}
            </p>
          ) : (
            <p>{details === undefined ? "…" : "Not given yet"}</p>
          )}
        </DetailsBlock>
        {more.length > 0 && (
          <DetailsBlock title="More vehicles" href={href("vehicles")}>
            <ul>
              {more.map((m) => {
                const d = details?.more?.[m.index];
                const label =
                  m.saved ??
                  (d ? `${d.make} ${d.model}${d.colour ? `, ${d.colour}` : ""} — ${d.registration}` : null);
                return (
                  <li key={m.index}>
                    {label ?? (details === undefined ? "…" : `Vehicle ${m.index + 2}: not given yet`)}
                    {label && m.sizeName ? ` (${m.sizeName})` : ""}
                  </li>
                );
              })}
            </ul>
          </DetailsBlock>
        )}
        <DetailsBlock title="Address" href={href("address")}>
          {saved.address ? (
            <p>{saved.address}</p>
          ) : details?.address ? (
            <p>
              {[details.address.line1, details.address.line2, details.address.town, details.address.postcode]
                .filter(Boolean)
                .join(", ")}
              {details.address.accessNotes && <span className="block">{details.address.accessNotes}</span>}
            </p>
          ) : (
            <p>{details === undefined ? "…" : "Not given yet"}</p>
          )}
        </DetailsBlock>
        {!signedIn && (
          <DetailsBlock title="Your details" href={href("details")}>
            {details?.contact ? (
              <>
                <p>
                  {details.contact.name} · {details.contact.email} · {details.contact.phone}
                </p>
                <p>{siteSummary(siteAnswersOf(details.contact))}</p>
                {details.contact.notes && <p>Notes: {details.contact.notes}</p>}
              </>
            ) : (
              <p>{details === undefined ? "…" : "Not given yet"}</p>
            )}
          </DetailsBlock>
        )}
      </div>
      {gaps.length > 0 && (
        <Notice kind="warning" className="mt-3">
          Some details are missing on this device:{" "}
          {gaps.map((g, i) => (
            <span key={g.step}>
              {i > 0 && ", "}
              <Link href={href(g.step)} className="font-medium underline">
                add {g.label.toLowerCase()}
              </Link>
            </span>
          ))}
          .
        </Notice>
      )}
    </section>
  );
}
