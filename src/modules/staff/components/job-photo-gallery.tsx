import { Fragment, type ReactNode } from "react";
import { Section } from "@/components/ui/card";
import type { JobPhotoCard, JobPhotoGroup, JobRecordView } from "../domain/job-record";
import { FullSizeLink } from "./full-size-link";

// What others see of a worked job (issue 32): who started and completed it, and its before and after
// photos as thumbnails that open full size in a new tab, each with who took it and when. Server-safe (no
// client code): the admin's booking page and the customer's compose it from staff/server's reads, shaped
// by domain/job-record.ts. The photos are private: the browser sends its session for each one. The
// admin's page also lists removed photos, marked, with its buttons under each (`photoActions`).

export function JobCrewList({ crew }: { crew: JobRecordView["crew"] }) {
  if (crew.length === 0) return null;
  return (
    <dl className="mt-3 grid gap-x-4 gap-y-1 text-sm sm:grid-cols-[8rem_1fr]">
      {crew.map((c) => (
        <Fragment key={c.label}>
          <dt className="text-ink-muted">{c.label}</dt>
          <dd className="font-medium">{c.name}</dd>
        </Fragment>
      ))}
    </dl>
  );
}

/** "2", or "1 · 1 removed" on the admin's page (the customer's never lists a removed photo). */
function countLabel(photos: readonly JobPhotoCard[]): string {
  const removed = photos.filter((p) => p.removed).length;
  return `${photos.length - removed}${removed ? ` · ${removed} removed` : ""}`;
}

/** What the page puts under a photo (the admin's Remove / Put back). */
export type PhotoActions = (photo: JobPhotoCard) => ReactNode;

export function JobPhotoGallery({
  groups,
  headingLevel = 3,
  photoActions,
}: {
  groups: readonly JobPhotoGroup[];
  /** The level of "Before" / "After": one below the section holding them. */
  headingLevel?: 3 | 4;
  photoActions?: PhotoActions;
}) {
  const Heading = headingLevel === 3 ? "h3" : "h4";
  return (
    <div className="mt-4 space-y-4">
      {groups.map((g) => (
        <div key={g.kind}>
          <Heading className="text-sm font-semibold">
            {g.title} <span className="font-normal text-ink-muted">({countLabel(g.photos)})</span>
          </Heading>
          <ul className="mt-2 grid grid-cols-2 gap-3 sm:grid-cols-3">
            {g.photos.map((p) => (
              <li key={p.id}>
                <figure>
                  <FullSizeLink href={p.url}>
                    {/* eslint-disable-next-line @next/next/no-img-element -- a private photo, served with the session */}
                    <img
                      src={p.thumbUrl}
                      alt={p.alt}
                      decoding="async"
                      className={`aspect-[4/3] w-full rounded-control border border-line bg-canvas object-cover hover:opacity-90 ${p.removed ? "opacity-50 grayscale" : ""}`}
                    />
                  </FullSizeLink>
                  <figcaption className="mt-1 text-xs text-ink-muted">
                    {p.removed && <span className="block font-semibold text-danger">{p.removed}</span>}
                    {p.by && <span className="block font-medium text-ink">{p.by}</span>}
                    <time dateTime={p.atIso}>{p.at}</time>
                  </figcaption>
                  {photoActions && <div className="mt-1">{photoActions(p)}</div>}
                </figure>
              </li>
            ))}
          </ul>
        </div>
      ))}
    </div>
  );
}

/** A card with both: the crew first, then the photos, or what is still to come. */
export function JobRecordSection({
  record,
  title,
  description,
  empty,
  headingLevel = 2,
  photoActions,
}: {
  record: JobRecordView;
  photoActions?: PhotoActions;
  title: string;
  description?: string;
  /** Said when there is no photo yet (nothing when omitted). */
  empty?: string;
  headingLevel?: 2 | 3;
}) {
  return (
    <Section title={title} description={description} headingLevel={headingLevel}>
      <JobCrewList crew={record.crew} />
      {record.groups.length > 0 ? (
        <JobPhotoGallery
          groups={record.groups}
          headingLevel={headingLevel === 2 ? 3 : 4}
          photoActions={photoActions}
        />
      ) : (
        empty && <p className="mt-3 text-sm text-ink-muted">{empty}</p>
      )}
    </Section>
  );
}
