import { Download } from "lucide-react";
import { textLinkClass } from "@/components/ui/link";

// The accountant's downloads of the report's period (issue 26): the VAT invoices and credit notes issued
// in it, in Xero's or QuickBooks Online's import layout.
export function AccountingExportLinks({ query }: { query: string }) {
  const href = (format: string) => `/admin/reports/export/documents/${format}?${query}`;
  return (
    <p className="mt-4 flex flex-wrap items-center gap-x-4 gap-y-2 text-sm print:hidden">
      <span className="font-medium">Invoices and credit notes:</span>
      <a
        href={href("xero")}
        download
        className={textLinkClass({ weight: "normal", className: "inline-flex items-center gap-1" })}
      >
        <Download aria-hidden="true" className="size-4" />
        Xero CSV
      </a>
      <a
        href={href("quickbooks")}
        download
        className={textLinkClass({ weight: "normal", className: "inline-flex items-center gap-1" })}
      >
        <Download aria-hidden="true" className="size-4" />
        QuickBooks CSV
      </a>
    </p>
  );
}
