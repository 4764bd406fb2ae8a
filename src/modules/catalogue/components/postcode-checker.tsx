import { buttonClass } from "@/components/ui/button";
import { Label } from "@/components/ui/form/label";
import { formatMoney } from "@/lib/money";
import type { PostcodeCheck } from "../server/queries";
import { textLinkClass } from "@/components/ui/link";

/**
 * "Do you come to me?" A plain GET form: it works without JavaScript, and the answer is rendered by the
 * server with the page.
 */
export function PostcodeChecker({
  result,
  currency,
  phone,
}: {
  result: PostcodeCheck | null;
  currency: string;
  phone: string;
}) {
  const invalid = result?.status === "invalid";
  return (
    <form method="get" action="/#postcode" className="max-w-md" aria-labelledby="postcode-heading">
      <Label htmlFor="postcode-input">Your postcode</Label>
      <div className="mt-1 flex gap-2">
        <input
          id="postcode-input"
          name="postcode"
          autoComplete="postal-code"
          autoCapitalize="characters"
          defaultValue={result ? (result.status === "invalid" ? result.input : result.postcode) : ""}
          aria-invalid={invalid || undefined}
          aria-describedby={result ? "postcode-result" : undefined}
          className={`block min-h-11 w-full rounded-control border bg-surface px-3 text-base uppercase ${
            invalid ? "border-danger" : "border-line-strong"
          }`}
        />
        <button
          type="submit"
          className={buttonClass({ variant: "primary", size: "lg", className: "shrink-0" })}
        >
          Check
        </button>
      </div>
      <div id="postcode-result" aria-live="polite">
        {result?.status === "invalid" && (
          <p className="mt-2 text-sm text-danger">Enter a full UK postcode, like SW9 8AB.</p>
        )}
        {result?.status === "outside" && (
          <p className="mt-3 rounded-control border border-warning/30 bg-warning-soft px-3 py-2 text-sm text-warning">
            Sorry — we don&apos;t cover {result.postcode} yet.{" "}
            <a
              href={`tel:${phone.replace(/\s+/g, "")}`}
              className={textLinkClass({ tone: "inherit", weight: "semibold" })}
            >
              Call us on {phone}
            </a>
            : we may still be able to help.
          </p>
        )}
        {result?.status === "covered" && (
          <div className="mt-3 flex flex-wrap items-center justify-between gap-2 rounded-control border border-success/30 bg-success-soft px-3 py-2 text-sm text-success">
            <p>
              Good news — we cover {result.postcode} ({result.zoneName}).{" "}
              {result.travelFeeMinor > 0
                ? `A travel fee of ${formatMoney(result.travelFeeMinor, currency)} applies.`
                : "No travel fee."}
            </p>
            <a
              href={`/book?postcode=${encodeURIComponent(result.postcode)}`}
              className={buttonClass({ variant: "primary", size: "sm", className: "shrink-0" })}
            >
              Book in {result.postcode}
            </a>
          </div>
        )}
      </div>
    </form>
  );
}
