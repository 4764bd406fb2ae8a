import { buttonClass } from "@/components/ui/button";
import Link from "@/components/ui/link";
import { formatDuration } from "@/lib/dates";
import { renderMarkdown } from "@/lib/markdown";
import { formatMoney } from "@/lib/money";
import { ServiceImage } from "./service-image";

const BOOK_BUTTON = buttonClass({ variant: "primary", className: "mt-4" });

export type ServiceCardData = {
  name: string;
  shortDescription: string;
  longDescription: string;
  imageUploadId: string | null;
  fromPriceMinor: number | null;
  minMinutes: number | null;
  maxMinutes: number | null;
};

export function durationRange(min: number, max: number) {
  return min === max ? formatDuration(min) : `${formatDuration(min)} – ${formatDuration(max)}`;
}

/** How a package appears to customers: the home page's cards and the admin's preview are this one. */
export function ServiceCard({
  service,
  currency,
  as: Tag = "li",
  book,
  picture,
  offer,
}: {
  service: ServiceCardData;
  currency: string;
  as?: "li" | "div";
  /** How its picture loads: `eager` in the page's first screenful, `first` for the first of them. */
  picture?: "eager" | "first";
  /** The booking link; "preview" draws the button without a link (the admin's preview). */
  book?: { href: string } | "preview";
  /** The business's several-vehicles offer in a few words (bundleOfferShort), when it has one. */
  offer?: string | null;
}) {
  const s = service;
  return (
    <Tag className="flex flex-col overflow-hidden rounded-card border border-line bg-surface shadow-card">
      {s.imageUploadId && (
        <ServiceImage uploadId={s.imageUploadId} eager={picture === "eager"} first={picture === "first"} />
      )}
      <div className="flex flex-1 flex-col p-5">
        <p className="font-semibold">{s.name}</p>
        <p className="mt-1 flex-1 text-sm text-ink-muted">{s.shortDescription}</p>
        {s.longDescription && (
          <details className="group mt-3 text-sm">
            <summary
              className={buttonClass({
                variant: "link",
                className: "cursor-pointer no-underline hover:underline",
              })}
            >
              What&apos;s included<span className="sr-only"> in {s.name}</span>
            </summary>
            <div
              className="prose-description text-ink-muted"
              // Safe: renderMarkdown escapes raw HTML and allows only http(s)/mailto/tel links.
              dangerouslySetInnerHTML={{ __html: renderMarkdown(s.longDescription) }}
            />
          </details>
        )}
        <p className="mt-4 flex items-baseline justify-between gap-2 text-sm">
          {s.fromPriceMinor === null ? (
            <span className="font-medium text-ink-muted">Not priced yet</span>
          ) : (
            <span className="text-base font-semibold tabular">
              from {formatMoney(s.fromPriceMinor, currency)}
            </span>
          )}
          {s.minMinutes !== null && s.maxMinutes !== null && (
            <span className="text-ink-muted tabular">{durationRange(s.minMinutes, s.maxMinutes)}</span>
          )}
        </p>
        {offer && <p className="mt-2 text-sm font-medium text-success">{offer}</p>}
        {book &&
          (book === "preview" ? (
            <span className={BOOK_BUTTON} aria-hidden="true">
              Book
            </span>
          ) : (
            <Link href={book.href} className={BOOK_BUTTON} aria-label={`Book ${s.name}`}>
              Book
            </Link>
          ))}
      </div>
    </Tag>
  );
}
