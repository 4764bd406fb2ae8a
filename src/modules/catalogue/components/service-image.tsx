import { uploadUrl } from "@/lib/routes";

// A service's picture as customers see it (the home page's cards, the wizard's first step): a 16:9 frame
// whose size is known before the file arrives (width/height, so nothing shifts), served from /uploads with
// a long cache lifetime — a photo re-encoded as WebP, or a product illustration (SVG) as a plain <img>.
// Decorative: the service's name is the text right beside it, so alt="" keeps screen readers from reading
// it twice.

export const SERVICE_IMAGE_WIDTH = 640;
export const SERVICE_IMAGE_HEIGHT = 360;

export function ServiceImage({
  uploadId,
  eager = false,
  first = false,
  className = "",
}: {
  uploadId: string;
  /** Above the fold (the first cards of a page that opens on them): load at once, not lazily. */
  eager?: boolean;
  /** The page's first picture, on a phone its largest paint: fetched before the other pictures. */
  first?: boolean;
  className?: string;
}) {
  return (
    // eslint-disable-next-line @next/next/no-img-element
    <img
      src={uploadUrl(uploadId)}
      alt=""
      width={SERVICE_IMAGE_WIDTH}
      height={SERVICE_IMAGE_HEIGHT}
      loading={eager || first ? "eager" : "lazy"}
      fetchPriority={first ? "high" : undefined}
      decoding="async"
      className={`aspect-[16/9] h-auto w-full bg-canvas object-cover ${className}`}
    />
  );
}
