import { describe, expect, it } from "vitest";
import { renderTemplate, type TemplateName } from "./index";
import { SAMPLE_CONTEXT, SAMPLES } from "./samples";

const names = Object.keys(SAMPLES) as TemplateName[];

describe("every email", () => {
  it.each(names)("%s: the text part", async (name) => {
    const email = await renderTemplate(name, SAMPLES[name] as never, SAMPLE_CONTEXT);
    expect(`Subject: ${email.subject}\n\n${email.text}`).toMatchSnapshot();
  });

  it.each(names)("%s: one layout, user text escaped, links and footer in both parts", async (name) => {
    const email = await renderTemplate(name, SAMPLES[name] as never, SAMPLE_CONTEXT);
    expect(email.html).toMatch(/^<!DOCTYPE html/i);
    // The business's name (escaped) and how to reach it, and why the person gets the email.
    expect(email.html).toContain("Shine &amp; Co Mobile Valeting");
    expect(email.html).toContain('href="mailto:hello@shine.example"');
    expect(email.text).toContain("hello@shine.example · 020 7946 0958");
    expect(email.text).toMatch(/You get this (email )?because/);
    // Typed text never becomes markup.
    expect(email.html).not.toMatch(/<script|<b>|<i>/);
    // Every link of the text part is a link of the HTML part.
    for (const link of email.text.match(/https?:\/\/[^\s]+/g) ?? [])
      expect(email.html).toContain(link.replace(/&/g, "&amp;"));
  });

  it("the paid booking's one confirmation carries the receipt and the guest's set-up link", async () => {
    const email = await renderTemplate("booking-confirmed", SAMPLES["booking-confirmed"], SAMPLE_CONTEXT);
    expect(email.text).toContain("RECEIPT\nAmount paid: £100.00");
    expect(email.text).toContain("YOUR ACCOUNT");
    expect(email.text).toContain("Choose my password: https://book.shine.example/auth/setup-password");
    const plain = await renderTemplate(
      "booking-confirmed",
      { ...SAMPLES["booking-confirmed"], receipt: null, setupUrl: null },
      SAMPLE_CONTEXT,
    );
    expect(plain.text).not.toContain("RECEIPT");
    expect(plain.text).not.toContain("setup-password");
  });

  it("the business's new-booking alert tells the team the access notes and the water, power and cover answers", async () => {
    const email = await renderTemplate("booking-new-admin", SAMPLES["booking-new-admin"], SAMPLE_CONTEXT);
    expect(email.text).toContain("Access notes: Gate code 4821 <side gate>.");
    expect(email.text).toContain("Water available on site: yes");
    expect(email.text).toContain("Power available on site: no");
    expect(email.text).toContain("Covered space: yes");
    expect(email.html).toContain("Gate code 4821 &lt;side gate&gt;.");
    // An alert queued before the site answers were part of it still renders.
    const older = await renderTemplate(
      "booking-new-admin",
      { ...SAMPLES["booking-new-admin"], site: undefined },
      SAMPLE_CONTEXT,
    );
    expect(older.text).not.toContain("Water available");
  });

  it("the job-done email points to the photos on the booking page, and a customer without a password to the set-up link", async () => {
    const email = await renderTemplate("booking-completed", SAMPLES["booking-completed"], SAMPLE_CONTEXT);
    expect(email.text).toContain("see the before and after photos on your booking page");
    expect(email.text).toContain("See the photos: https://book.shine.example/dashboard/bookings/9b1c");
    expect(email.text).toContain("Choose my password: https://book.shine.example/auth/setup-password");
    const signedUp = await renderTemplate(
      "booking-completed",
      { ...SAMPLES["booking-completed"], photoCount: 1, setupUrl: null },
      SAMPLE_CONTEXT,
    );
    expect(signedUp.text).toContain("The team took a photo of the job");
    expect(signedUp.text).not.toContain("setup-password");
    expect(signedUp.text).not.toContain("choose a password");
  });
});
