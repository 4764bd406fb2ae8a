import { describe, expect, it } from "vitest";
import {
  type ExportDocument,
  QUICKBOOKS_INVOICE_COLUMNS,
  quickbooksRows,
  ukDate,
  XERO_SALES_INVOICE_COLUMNS,
  xeroRows,
} from "./accounting-csv";

const credit: ExportDocument = {
  kind: "credit_note",
  number: "CN-000003",
  issuedAt: new Date("2026-06-30T23:30:00Z"), // 1 July in London (BST)
  taxPoint: new Date("2026-06-30T23:30:00Z"),
  currency: "GBP",
  customer: { name: "Ada Guest", address: "2 High Street\nFlat 3\nBrixton\nSW2 1AA" },
  email: "ada@example.com",
  serviceAt: new Date("2026-06-27T08:00:00Z"),
  payBy: null,
  lines: [{ description: "Goodwill", netMinor: 2500, vatRateBp: 2000, vatMinor: 500, grossMinor: 3000 }],
  grossMinor: 3000,
  invoiceNumber: "INV-000009",
};

const plain = (c: unknown) => (typeof c === "string" ? c : (c as { number: string }).number);

describe("accounting CSV rows", () => {
  it("writes UK dates in the business zone", () => {
    expect(ukDate(credit.issuedAt, "Europe/London")).toBe("01/07/2026");
    expect(ukDate(credit.issuedAt, "UTC")).toBe("30/06/2026");
  });

  it("writes a credit note for Xero as negative amounts naming its invoice", () => {
    const [row] = xeroRows(credit, "Europe/London");
    const at = (name: (typeof XERO_SALES_INVOICE_COLUMNS)[number]) =>
      plain(row?.[XERO_SALES_INVOICE_COLUMNS.indexOf(name)]);
    expect(row).toHaveLength(XERO_SALES_INVOICE_COLUMNS.length);
    expect(at("*InvoiceNumber")).toBe("CN-000003");
    expect(at("Reference")).toBe("Credit for INV-000009");
    expect(at("*InvoiceDate")).toBe("01/07/2026");
    expect(at("Total")).toBe("-30.00");
    expect(at("*UnitAmount")).toBe("-25.00");
    expect(at("TaxAmount")).toBe("-5.00");
    expect(at("*TaxType")).toBe("20% (VAT on Income)");
    expect(at("POAddressLine1")).toBe("2 High Street");
    expect(at("POCity")).toBe("Brixton");
    expect(at("POPostalCode")).toBe("SW2 1AA");
  });

  it("writes the same for QuickBooks Online", () => {
    const [row] = quickbooksRows(credit, "Europe/London");
    const at = (name: (typeof QUICKBOOKS_INVOICE_COLUMNS)[number]) =>
      plain(row?.[QUICKBOOKS_INVOICE_COLUMNS.indexOf(name)]);
    expect(row).toHaveLength(QUICKBOOKS_INVOICE_COLUMNS.length);
    expect(at("ItemAmount")).toBe("-25.00");
    expect(at("ItemTaxAmount")).toBe("-5.00");
    expect(at("ItemTaxCode")).toBe("20.0% S");
    expect(at("Memo")).toBe("Credit note for INV-000009");
    expect(at("Terms")).toBe("Due on receipt");
    expect(at("DueDate")).toBe("01/07/2026");
  });

  // Issue 41 §5: the job's day, the customer's email, and an invoice on account due when its PDF says.
  const onAccount: ExportDocument = {
    ...credit,
    kind: "invoice",
    number: "INV-000012",
    issuedAt: new Date("2026-11-27T15:00:00Z"),
    taxPoint: new Date("2026-11-27T15:00:00Z"),
    serviceAt: new Date("2026-12-03T09:00:00Z"),
    payBy: "2026-12-27",
    email: "accounts@fleet.example",
    invoiceNumber: null,
  };

  it("gives Xero the customer's email and an invoice on account's due date", () => {
    const [row] = xeroRows(onAccount, "Europe/London");
    const at = (name: (typeof XERO_SALES_INVOICE_COLUMNS)[number]) =>
      plain(row?.[XERO_SALES_INVOICE_COLUMNS.indexOf(name)]);
    expect(at("EmailAddress")).toBe("accounts@fleet.example");
    expect(at("*InvoiceDate")).toBe("27/11/2026");
    expect(at("*DueDate")).toBe("27/12/2026");
    const [paid] = xeroRows({ ...onAccount, payBy: null }, "Europe/London");
    expect(plain(paid?.[XERO_SALES_INVOICE_COLUMNS.indexOf("*DueDate")])).toBe("27/11/2026");
  });

  it("gives QuickBooks the due date, its terms in days and the job's day as the service date", () => {
    const [row] = quickbooksRows(onAccount, "Europe/London");
    const at = (name: (typeof QUICKBOOKS_INVOICE_COLUMNS)[number]) =>
      plain(row?.[QUICKBOOKS_INVOICE_COLUMNS.indexOf(name)]);
    expect(at("InvoiceDate")).toBe("27/11/2026");
    expect(at("DueDate")).toBe("27/12/2026");
    expect(at("Terms")).toBe("Net 30");
    expect(at("Service Date")).toBe("03/12/2026");
  });
});
