import type { Page } from "@playwright/test";
import { readPdf } from "../../support/pdf-text";
import { createUser, expect, expectAccessible, shot, signInAs, test } from "../support/fixtures";

// Issue 31 / ADR 0051: the owner makes a customer a business that pays on account (company, VAT number,
// invoice address, a contact); its fleet manager books five vans in one visit online, pays nothing, and
// downloads the VAT invoice addressed to the company with the day it is due; the owner finds the booking on
// the receivables list. At 1280 and 390 px, with axe on every page. The demo business is VAT registered;
// the test gives it another number and full payment, and puts its own back afterwards.

test.describe.configure({ mode: "serial" });

const VIEWPORTS = [
  ["desktop", { width: 1280, height: 900 }],
  ["phone", { width: 390, height: 844 }],
] as const;

test.beforeAll(async ({ request }) => {
  const on = await request.post("/api/test/settings", {
    data: { vatRegistered: true, vatNumber: "GB999999973", paymentMode: "full" },
  });
  expect(on.status()).toBe(200);
});
test.afterAll(async ({ request }) => {
  await request.post("/api/test/settings", {
    // The demo business's own (src/composition/seed/demo-data.ts).
    data: { vatRegistered: true, vatNumber: "GB246813551", paymentMode: "deposit" },
  });
});

async function pdfText(page: Page, link: string): Promise<string> {
  const res = await page.request.get(link);
  expect(res.status()).toBe(200);
  expect(res.headers()["content-type"]).toContain("application/pdf");
  return (await readPdf(await res.body())).text;
}

for (const [label, viewport] of VIEWPORTS) {
  test.describe(label, () => {
    test.use({ viewport });

    test(`a fleet manager books five vans on account and downloads the VAT invoice (${label})`, async ({
      page,
      browser,
      baseURL,
      loginAs,
    }) => {
      test.setTimeout(150_000);
      const company = `Quick Vans ${label === "desktop" ? "North" : "South"} Ltd`;
      const manager = await createUser(page.request, { name: `Fran Fleet ${label}` });

      // The owner makes the customer a business on account.
      await loginAs("admin");
      await page.goto(`/admin/customers?q=${encodeURIComponent(manager.email)}`);
      await page.getByRole("link", { name: manager.name }).first().click();
      await expect(page.getByRole("heading", { level: 1, name: manager.name })).toBeVisible();
      const section = page.getByRole("region", { name: "Business" });
      await section.getByRole("button", { name: "Make this a business customer" }).click();
      const dialog = page.getByRole("dialog", { name: "Business customer" });
      await dialog.getByLabel("Company name").fill(company);
      await dialog.getByLabel("VAT number").fill("gb123");
      await dialog.getByLabel("Invoice address").fill("Unit 4, Dock Road\nLondon\nE16 1AA");
      await dialog.getByLabel("Pays on account").check();
      await dialog.getByLabel("Payment terms (days)").fill("30");
      await dialog.getByRole("button", { name: "Save business details" }).click();
      // A VAT number that is not one is refused under its field, and nothing is saved.
      await expect(dialog.getByText("Enter a VAT number like GB123456789, or leave it empty.")).toBeVisible();
      await dialog.getByLabel("VAT number").fill("GB 123 4567 89");
      await dialog.getByRole("button", { name: "Save business details" }).click();
      await expect(dialog).toBeHidden();
      await expect(section.getByText(company)).toBeVisible();
      await expect(section.getByText("invoices due within 30 days")).toBeVisible();
      await section.getByRole("button", { name: "Add contact" }).click();
      const contact = page.getByRole("dialog", { name: "Add a contact" });
      await contact.getByLabel("Name").fill("Mo Manager");
      await contact.getByLabel("Role").fill("Fleet manager");
      await contact.getByLabel("Email").fill("mo@quickvans.example");
      await contact.getByRole("button", { name: "Add contact" }).click();
      await expect(contact).toBeHidden();
      await expect(section.getByRole("button", { name: "Remove Mo Manager" })).toBeVisible();
      await expectAccessible(page);
      await shot(page, `fleet-customer-${label}.png`);
      // Booked by phone, on account is the choice made for them (the booking itself: integration tests).
      await page.getByRole("link", { name: "New booking for this customer" }).click();
      await expect(page.getByRole("radio", { name: /^On account/ })).toBeChecked();
      await expect(page.getByText(`${company} is invoiced`, { exact: false })).toBeVisible();

      // The fleet manager books five vans in one visit.
      const ctx = await browser.newContext({ baseURL, viewport });
      const fleet = await ctx.newPage();
      await signInAs(fleet, manager);
      await fleet.goto("/book?service=exterior-wash");
      await expect(fleet.getByRole("heading", { level: 1, name: "Your vehicle" })).toBeVisible();
      await fleet.getByRole("radio", { name: /^Large/ }).check();
      await fleet.getByLabel("Make", { exact: true }).fill("Ford");
      await fleet.getByLabel("Model", { exact: true }).fill("Transit");
      await fleet.getByLabel("Registration").fill(`QV${label === "desktop" ? 1 : 2}0 VAN`);
      await fleet.getByRole("button", { name: "Continue" }).click();
      await expect(fleet.getByRole("heading", { level: 1, name: "Any extras?" })).toBeVisible();
      await fleet.getByRole("button", { name: "Add another vehicle to this visit" }).click();
      const add = fleet.getByRole("form", { name: "Add a vehicle" });
      const visit = fleet.getByRole("region", { name: "In this visit" });
      for (let i = 1; i <= 4; i++) {
        await add.getByRole("radio", { name: "Large", exact: true }).check();
        await add.getByLabel("Make", { exact: true }).fill("Ford");
        await add.getByLabel("Model", { exact: true }).fill("Transit");
        await add.getByLabel("Registration").fill(`QV${label === "desktop" ? 1 : 2}${i} VAN`);
        await add.getByRole("button", { name: "Add this vehicle" }).click();
        await expect(visit.getByText(new RegExp(`^${i + 1}\\. Ford Transit`))).toBeVisible();
      }
      await fleet.getByRole("link", { name: "Continue with 5 vehicles" }).click();
      await expect(fleet.getByRole("heading", { level: 1, name: "Where should we come?" })).toBeVisible();
      await fleet.getByLabel("Postcode").fill("SW9 8AB");
      await fleet.getByLabel("Address line 1").fill("Depot, 1 Acre Lane");
      await fleet.getByLabel("Town or city").fill("London");
      await fleet.getByRole("button", { name: "Continue" }).click();
      await expect(fleet.getByRole("heading", { level: 1, name: "Choose a date and time" })).toBeVisible();
      await fleet
        .getByRole("region", { name: /^Times on/ })
        .getByRole("link")
        .first()
        .click();

      await expect(fleet.getByRole("heading", { level: 1, name: "Check and book" })).toBeVisible();
      await expect(
        fleet.getByText(/^Nothing to pay now — on your account: we send you an invoice for £/),
      ).toBeVisible();
      await expectAccessible(fleet);
      await shot(fleet, `fleet-review-${label}.png`);
      await fleet.getByLabel("I accept the booking policies").check();
      await fleet.getByRole("button", { name: "Confirm booking on account" }).click();
      await expect(fleet.getByRole("heading", { level: 1, name: /booked|confirmed/i })).toBeVisible();
      await expectAccessible(fleet);

      // Their booking says it is on account; its invoice is the company's, with the day it is due.
      await fleet.goto("/dashboard/bookings");
      await fleet
        .getByRole("link", { name: /Exterior Wash/ })
        .first()
        .click();
      await expect(fleet.getByText(/On account · pay by/).first()).toBeVisible();
      await expect(fleet.getByText(/^On account, to pay by /)).toBeVisible();
      await expectAccessible(fleet);
      await shot(fleet, `fleet-booking-${label}.png`);
      await fleet.getByRole("link", { name: "Invoice", exact: true }).click();
      const documents = fleet.getByRole("region", { name: "Documents" });
      await documents.getByRole("link", { name: /^VAT invoice INV-\d{6}$/ }).click();
      await expect(fleet.getByRole("heading", { level: 1, name: /VAT invoice/ })).toBeVisible();
      await expect(fleet.getByText(company).first()).toBeVisible();
      await expect(fleet.getByText("VAT number: GB 123 4567 89")).toBeVisible();
      await expect(fleet.getByText("Payment due by")).toBeVisible();
      await expectAccessible(fleet);
      await shot(fleet, `fleet-invoice-${label}.png`);
      const text = await pdfText(
        fleet,
        (await fleet.getByRole("link", { name: "Download PDF" }).getAttribute("href")) ?? "",
      );
      for (const s of [company, "Unit 4", "GB 123 4567 89", "Payment due by", "QV"])
        expect(text, s).toContain(s);
      await ctx.close();

      // The owner sees it on the receivables list, due within the terms.
      await page.goto("/admin/receivables");
      const row = page.getByRole("row", { name: new RegExp(company) });
      await expect(row).toBeVisible();
      await expect(row.getByText(/^INV-\d{6}$/)).toBeVisible();
      await expectAccessible(page);
      await shot(page, `receivables-${label}.png`);
      await page.getByRole("link", { name: "Overdue" }).click();
      await expect(page.getByRole("row", { name: new RegExp(company) })).toHaveCount(0);
    });
  });
}
