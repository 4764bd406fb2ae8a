import { expect, expectAccessible, test } from "../support/fixtures";
import { credentials } from "../support/fixtures";

test("a bulk percentage change is previewed in the grid and can be undone", async ({ page, loginAs }) => {
  await page.goto("/");
  await loginAs("admin");
  await page.goto("/admin/services/pricing");
  await expect(page.getByRole("heading", { level: 1, name: "Prices and durations" })).toBeVisible();
  await expectAccessible(page);
  const small = page.getByLabel("Exterior Wash, Small — price");
  await expect(small).toHaveValue("25.00");

  await page.getByLabel("Apply to").selectOption({ label: "Wash" });
  await page.getByLabel("Change (%)").fill("10");
  await page.getByLabel("Round to").selectOption({ label: "Nearest £1.00" });
  await page.getByRole("button", { name: "Preview", exact: true }).click();
  await expect(page.getByText(/^Preview: 8 prices changed/)).toBeVisible();
  // 25.00 + 10% = 27.50 → nearest £1, halves up → 28.00; other categories untouched.
  await expect(small).toHaveValue("28.00");
  await expect(page.getByLabel("Full Valet, Small — price")).toHaveValue("85.00");
  await expect(page.getByText("8 unsaved changes")).toBeVisible();
  await page.getByRole("button", { name: "Undo preview" }).click();
  await expect(small).toHaveValue("25.00");
  await expect(page.getByText("No unsaved changes")).toBeVisible();
});

test("two admins editing the same price: the second is told, sees the new value, and can overwrite knowingly", async ({
  browser,
  baseURL,
}) => {
  const open = async () => {
    const ctx = await browser.newContext({ baseURL });
    const res = await ctx.request.post("/api/test/session", { data: credentials.admin });
    expect(res.status()).toBe(200);
    const page = await ctx.newPage();
    await page.goto("/admin/services/pricing");
    return { ctx, page };
  };
  const a = await open();
  const b = await open();
  const cell = "Headlight Restoration, Large — price";
  await expect(a.page.getByLabel(cell)).toHaveValue("45.00");

  await a.page.getByLabel(cell).fill("47.00");
  await a.page.getByRole("button", { name: "Save all" }).click();
  await expect(a.page.getByText("Saved 1 price.")).toBeVisible();

  await b.page.getByLabel(cell).fill("49.00");
  await b.page.getByRole("button", { name: "Save all" }).click();
  await expect(b.page.getByText(/Nothing was saved: 1 price was changed by someone else/)).toBeVisible();
  await expect(b.page.getByText(/Changed by someone else to £47\.00/)).toBeVisible();
  await expect(b.page.getByLabel(cell)).toHaveValue("49.00");
  await b.page.getByRole("button", { name: "Save all" }).click();
  await expect(b.page.getByText("Saved 1 price.")).toBeVisible();

  await a.page.reload();
  await expect(a.page.getByLabel(cell)).toHaveValue("49.00");
  // Put the demo value back for the other tests.
  await a.page.getByLabel(cell).fill("45.00");
  await a.page.getByRole("button", { name: "Save all" }).click();
  await expect(a.page.getByText("Saved 1 price.")).toBeVisible();
  await a.ctx.close();
  await b.ctx.close();
});
