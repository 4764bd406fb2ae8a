"use client";

import { buttonClass } from "@/components/ui/button";
import { useRouter } from "next/navigation";
import { useId, useRef, useState } from "react";
import { Loader2 } from "lucide-react";
import { uploadUrl } from "@/lib/routes";
import { Notice } from "@/components/ui/notice";
import { Label } from "@/components/ui/form/label";

type Result = { ok: true } | { ok: false; message: string; fieldErrors?: Record<string, string[]> };

/** The service photo: shows the current one, uploads a replacement (checked and re-encoded on the server). */
export function ImageUpload({
  serviceId,
  serviceName,
  imageUploadId,
}: {
  serviceId: string;
  serviceName: string;
  imageUploadId: string | null;
}) {
  const router = useRouter();
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState<"upload" | "remove" | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);

  async function send(method: "POST" | "DELETE", body?: FormData) {
    setError(null);
    setDone(null);
    setBusy(method === "POST" ? "upload" : "remove");
    try {
      const res = await fetch(`/api/admin/services/${serviceId}/image`, { method, body });
      const result = ((await res.json().catch(() => null)) as Result | null) ?? {
        ok: false,
        message: "Something went wrong on our side. Please try again.",
      };
      if (result.ok) {
        setDone(method === "POST" ? "Photo saved." : "Photo removed.");
        if (input.current) input.current.value = "";
        router.refresh();
      } else setError(result.fieldErrors?.image?.[0] ?? result.message);
    } catch {
      setError("We couldn't reach the server. Check your connection and try again.");
    } finally {
      setBusy(null);
    }
  }

  function onSubmit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const file = input.current?.files?.[0];
    if (!file) {
      setError("Choose an image file.");
      input.current?.focus();
      return;
    }
    if (file.size > 5 * 1024 * 1024) {
      setError("The image is larger than 5 MB. Choose a smaller one.");
      input.current?.focus();
      return;
    }
    const body = new FormData();
    body.set("image", file);
    void send("POST", body);
  }

  return (
    <div>
      {imageUploadId ? (
        // eslint-disable-next-line @next/next/no-img-element
        <img
          src={uploadUrl(imageUploadId)}
          alt={`Current photo of ${serviceName}`}
          width={640}
          height={360}
          className="aspect-[16/9] w-full max-w-md rounded-card border border-line bg-canvas object-cover"
        />
      ) : (
        <p className="text-sm text-ink-muted">
          No photo yet. Services with a photo stand out on your home page.
        </p>
      )}
      <form onSubmit={onSubmit} className="mt-4" aria-label="Upload a photo" noValidate>
        <div aria-live="polite">
          {done && (
            <Notice kind="success" className="mb-3">
              {done}
            </Notice>
          )}
        </div>
        <Label htmlFor={id}>{imageUploadId ? "Replace the photo" : "Upload a photo"}</Label>
        <input
          ref={input}
          id={id}
          name="image"
          type="file"
          accept="image/jpeg,image/png,image/webp,image/avif,image/gif"
          aria-describedby={`${id}-help${error ? ` ${id}-error` : ""}`}
          aria-invalid={error ? true : undefined}
          className="mt-1 block w-full text-sm file:mr-3 file:min-h-11 file:rounded-control file:border file:border-line-strong file:bg-surface file:px-3 file:font-medium"
        />
        <p id={`${id}-help`} className="mt-1 text-sm text-ink-muted">
          JPEG, PNG, WebP or AVIF, up to 5 MB. We resize it and remove hidden data such as the location.
        </p>
        {error && (
          <p id={`${id}-error`} role="alert" className="mt-1 text-sm text-danger">
            {error}
          </p>
        )}
        <div className="mt-3 flex flex-wrap gap-2">
          <button type="submit" disabled={busy !== null} className={buttonClass({ variant: "primary" })}>
            {busy === "upload" && <Loader2 aria-hidden="true" className="size-4 animate-spin" />}
            {imageUploadId ? "Upload new photo" : "Upload photo"}
          </button>
          {imageUploadId && (
            <button
              type="button"
              disabled={busy !== null}
              onClick={() => void send("DELETE")}
              className={buttonClass({ variant: "danger-outline" })}
            >
              {busy === "remove" && <Loader2 aria-hidden="true" className="size-4 animate-spin" />}
              Remove photo
            </button>
          )}
        </div>
      </form>
    </div>
  );
}
