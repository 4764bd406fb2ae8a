"use client";

import { Camera, Loader2 } from "lucide-react";
import { useRouter } from "next/navigation";
import { useId, useState } from "react";
import { buttonClass } from "@/components/ui/button-class";
import { ConfirmActionButton } from "@/components/ui/overlay/confirm-action-button";
import { removeJobPhotoAction } from "../actions";
import type { StaffJob } from "../server/staff-day";
import { FullSizeLink } from "./full-size-link";

// Before and after photos from the phone's camera (`capture`). A phone photo can be 5–10 MB: it is scaled
// down on the phone first (at most 2048 px, JPEG), which makes the upload quick on a weak signal; the
// server then checks and re-encodes it like every upload. If the phone can't scale it, the file goes as
// it is and the server's size check answers.

const MAX_EDGE = 2048;

async function shrink(file: File): Promise<Blob> {
  try {
    const bitmap = await createImageBitmap(file, { imageOrientation: "from-image" });
    const scale = Math.min(1, MAX_EDGE / Math.max(bitmap.width, bitmap.height));
    const canvas = document.createElement("canvas");
    canvas.width = Math.round(bitmap.width * scale);
    canvas.height = Math.round(bitmap.height * scale);
    canvas.getContext("2d")?.drawImage(bitmap, 0, 0, canvas.width, canvas.height);
    bitmap.close();
    const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, "image/jpeg", 0.85));
    return blob && blob.size < file.size ? blob : file;
  } catch {
    return file;
  }
}

type Result = { ok: true } | { ok: false; message: string; fieldErrors?: Record<string, string[]> };

function PhotoInput({ job, kind }: { job: StaffJob; kind: "before" | "after" }) {
  const router = useRouter();
  const id = useId();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function upload(file: File | undefined) {
    if (!file) return;
    setError(null);
    setBusy(true);
    try {
      const body = new FormData();
      body.set("kind", kind);
      body.set("image", await shrink(file), file.name || `${kind}.jpg`);
      const res = await fetch(`/api/staff/jobs/${job.id}/photos`, { method: "POST", body });
      const result = ((await res.json().catch(() => null)) as Result | null) ?? {
        ok: false,
        message: "Something went wrong on our side. Please try again.",
      };
      if (result.ok) router.refresh();
      else setError(result.fieldErrors?.image?.[0] ?? result.fieldErrors?.kind?.[0] ?? result.message);
    } catch {
      setError("We couldn't reach the server. Check your signal and try again.");
    } finally {
      setBusy(false);
    }
  }

  return (
    <div>
      <input
        id={id}
        type="file"
        accept="image/*"
        capture="environment"
        className="peer sr-only"
        disabled={busy}
        aria-describedby={error ? `${id}-error` : undefined}
        onChange={(e) => {
          void upload(e.currentTarget.files?.[0]);
          e.currentTarget.value = "";
        }}
      />
      <label
        htmlFor={id}
        className={buttonClass({
          variant: "secondary",
          className:
            "w-full cursor-pointer peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-brand sm:w-auto",
        })}
      >
        {busy ? (
          <Loader2 aria-hidden="true" className="size-4 animate-spin" />
        ) : (
          <Camera aria-hidden="true" className="size-4" />
        )}
        {kind === "before" ? "Add a before photo" : "Add an after photo"}
      </label>
      {error && (
        <p id={`${id}-error`} role="alert" className="mt-1 text-sm text-danger">
          {error}
        </p>
      )}
    </div>
  );
}

export function JobPhotos({ job, online }: { job: StaffJob; online: boolean }) {
  return (
    <section aria-label={`Photos of ${job.reference}`}>
      <h3 className="font-semibold">Photos</h3>
      {job.photos.length > 0 ? (
        <ul className="mt-2 grid grid-cols-2 gap-2 sm:grid-cols-3">
          {job.photos.map((p) => (
            <li key={p.id} className="space-y-1">
              <FullSizeLink href={p.url}>
                {/* eslint-disable-next-line @next/next/no-img-element -- a private photo, served with the session */}
                <img
                  src={p.thumbUrl}
                  alt={`${p.kind === "before" ? "Before" : "After"} photo of ${job.registration}`}
                  className="aspect-[4/3] w-full rounded-control border border-line bg-canvas object-cover"
                  loading="lazy"
                />
              </FullSizeLink>
              <div className="flex items-center justify-between gap-1 text-xs">
                <span className="font-medium">{p.kind === "before" ? "Before" : "After"}</span>
                {p.removable && (
                  <ConfirmActionButton
                    action={removeJobPhotoAction}
                    input={{ photoId: p.id }}
                    variant="ghost"
                    size="sm"
                    title="Remove this photo?"
                    description="The customer won't see it. The office keeps it for a while and can put it back."
                    confirmLabel="Yes, remove it"
                    cancelLabel="Keep it"
                    successToast="Photo removed."
                  >
                    Remove
                  </ConfirmActionButton>
                )}
              </div>
            </li>
          ))}
        </ul>
      ) : (
        <p className="mt-1 text-sm text-ink-muted">
          No photos yet. Take one before you start and one when done.
        </p>
      )}
      {online && (
        <div className="mt-3 flex flex-col gap-2 sm:flex-row">
          <PhotoInput job={job} kind="before" />
          <PhotoInput job={job} kind="after" />
        </div>
      )}
    </section>
  );
}
