import { Download } from "lucide-react";
import Link, { textLinkClass } from "@/components/ui/link";
import { routes } from "@/lib/routes";

// The accountant's downloads of the report's period (issue 26): the VAT invoices and credit notes issued
// in it, in Xero's or QuickBooks Online's import layout. A business that isn't VAT registered issues none,
// and is told so beside the links (issue 41 §5), with the way to the setting.
export function AccountingExportLinks({ query, vatRegistered }: { query: string; vatRegistered: boolean }) {
  const href = (format: string) => `/admin/reports/export/documents/${format}?${query}`;
  const linkClass = textLinkClass({ weight: "normal", className: "inline-flex items-center gap-1" });
  return (
    <div className="mt-4 text-sm print:hidden">
      <p className="flex flex-wrap items-center gap-x-4 gap-y-2">
        <span className="font-medium">Invoices and credit notes:</span>
        <a href={href("xero")} download className={linkClass}>
          <Download aria-hidden="true" className="size-4" />
          Xero CSV
        </a>
        <a href={href("quickbooks")} download className={linkClass}>
          <Download aria-hidden="true" className="size-4" />
          QuickBooks CSV
        </a>
      </p>
      {!vatRegistered && (
        <p className="mt-1 text-ink-muted">
          The business is not VAT registered, so it issues no VAT invoices or credit notes and these exports
          hold none but those issued while it was. To issue them, turn on VAT registration in{" "}
          <Link href={`${routes.adminSettings}?tab=payments`} className={textLinkClass({ weight: "normal" })}>
            Settings → Payments
          </Link>
          .
        </p>
      )}
    </div>
  );
}
