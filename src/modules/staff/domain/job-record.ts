import { formatDateTime } from "@/lib/dates";

// What others see of a job once a technician has worked it (issue 32): its before and after photos and
// who started and completed it, shaped for the admin's booking page and the customer's. Pure: the pages
// load the photos and the crew (staff/server) and this turns them into what the gallery shows.

export type JobPhotoKind = "before" | "after";

/** A photo as listJobPhotos gives it. */
export type JobPhotoFacts = {
  id: string;
  kind: JobPhotoKind;
  /** The photo, up to 1600 px. */
  url: string;
  /** Its thumbnail, up to 480 px: what a page shows. */
  thumbUrl: string;
  at: string;
  by: string | null;
  /** Who took it (their user id): the technician may remove their own while the job is open. */
  takenById: string | null;
  /** Hidden (issue 41 §7): when and by whom; only the admin's reads list a removed photo. */
  removed: { at: string; by: string | null } | null;
};

/** Who did the job, as jobCrew gives it. */
export type JobCrewFacts = { startedBy: string | null; completedBy: string | null };

export type JobPhotoCard = {
  id: string;
  /** The full-size photo (private: served with the viewer's session). */
  url: string;
  /** Its thumbnail, what the gallery shows. */
  thumbUrl: string;
  /** "Before photo of AB12CDE"; numbered when the job has several of a kind ("…(2 of 3)"). */
  alt: string;
  atIso: string;
  /** "Tue 3 Mar, 09:30 GMT" */
  at: string;
  /** Who took it, or null when unknown (an erased account). */
  by: string | null;
  /** "Removed by Sam Taylor · Tue 3 Mar, 09:30 GMT" (the admin's page only), or null when shown. */
  removed: string | null;
};

export type JobPhotoGroup = { kind: JobPhotoKind; title: "Before" | "After"; photos: JobPhotoCard[] };

export type JobRecordView = {
  /** Started by / Completed by, only the ones known. */
  crew: { label: "Started by" | "Completed by"; name: string }[];
  /** Before, then after; a kind without photos is left out. */
  groups: JobPhotoGroup[];
  /** The photos shown (a removed one, listed on the admin's page, is not counted). */
  photoCount: number;
};

/** "Sam Taylor" → "Sam": what a customer is told of the person who did their job. */
export function firstName(name: string): string {
  return name.trim().split(/\s+/)[0] ?? "";
}

const KIND_TITLE = { before: "Before", after: "After" } as const;

/** "Before photo of AB12CDE" — the photo's text alternative. */
export function photoAlt(kind: JobPhotoKind, registration: string, n = 1, of = 1): string {
  const what = `${KIND_TITLE[kind]} photo${registration.trim() ? ` of ${registration.trim()}` : ""}`;
  return of > 1 ? `${what} (${n} of ${of})` : what;
}

export function jobRecordView(input: {
  photos: readonly JobPhotoFacts[];
  crew: JobCrewFacts | null | undefined;
  /** The vehicle's registration (a visit's several, joined): names the photos. */
  registration: string;
  timeZone: string;
  /** The customer sees first names only. */
  firstNamesOnly?: boolean;
}): JobRecordView {
  const nameOf = (name: string | null) => {
    const n = name?.trim();
    if (!n) return null;
    return input.firstNamesOnly ? firstName(n) : n;
  };
  const crew: JobRecordView["crew"] = [];
  const started = nameOf(input.crew?.startedBy ?? null);
  const completed = nameOf(input.crew?.completedBy ?? null);
  if (started) crew.push({ label: "Started by", name: started });
  if (completed) crew.push({ label: "Completed by", name: completed });
  const groups = (["before", "after"] as const).flatMap((kind): JobPhotoGroup[] => {
    const mine = input.photos.filter((p) => p.kind === kind);
    if (mine.length === 0) return [];
    return [
      {
        kind,
        title: KIND_TITLE[kind],
        photos: mine.map((p, i) => ({
          id: p.id,
          url: p.url,
          thumbUrl: p.thumbUrl,
          alt: photoAlt(kind, input.registration, i + 1, mine.length),
          atIso: p.at,
          at: formatDateTime(new Date(p.at), input.timeZone),
          by: nameOf(p.by),
          removed: p.removed
            ? `Removed${p.removed.by ? ` by ${nameOf(p.removed.by)}` : ""} · ${formatDateTime(new Date(p.removed.at), input.timeZone)}`
            : null,
        })),
      },
    ];
  });
  return { crew, groups, photoCount: input.photos.filter((p) => !p.removed).length };
}
