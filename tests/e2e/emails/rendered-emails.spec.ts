import { renderTemplate, type TemplateName } from "@/modules/notifications/templates";
import { SAMPLE_CONTEXT, SAMPLES } from "@/modules/notifications/templates/samples";
import { expect, shot, test } from "../support/fixtures";

// Issue 17: every email as a mail app shows it — the HTML part rendered by React Email, at desktop and
// phone width. Each must fit a 390 px screen without sideways scrolling, show the business's name, its
// main action as a link and the footer; the screenshots are for a person to look at.

const names = Object.keys(SAMPLES) as TemplateName[];

for (const name of names) {
  test(`the "${name}" email reads well at desktop and phone width`, async ({ page }) => {
    const email = await renderTemplate(name, SAMPLES[name] as never, SAMPLE_CONTEXT);
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: 900 });
      await page.setContent(email.html, { waitUntil: "load" });
      await expect(page.getByText(SAMPLE_CONTEXT.businessName, { exact: true }).first()).toBeVisible();
      await expect(page.getByText(/You get this (email )?because/)).toBeVisible();
      // Typed text shows as typed, never as markup.
      await expect(page.locator("script, b, i")).toHaveCount(0);
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
      expect(overflow, "no sideways scrolling").toBeLessThanOrEqual(0);
      await shot(page, `email-${name}-${width}.png`);
    }
  });
}
