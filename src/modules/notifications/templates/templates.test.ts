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
});
