import { describe, expect, it } from "vitest";
import { renderTemplate } from "../templates";
import { hideSecretLinks, templateLabel } from "./outbox-view";

const ctx = {
  businessName: "Shine",
  contactEmail: "hi@shine.example",
  contactPhone: "020 7946 0958",
  appUrl: "http://localhost:3000",
};

describe("hideSecretLinks", () => {
  it("hides every account link of a set-up email, in both parts", async () => {
    const url = "http://localhost:3000/auth/setup-password?token=abc123&x=1";
    const email = await renderTemplate("setup-password", { name: "Ada", url, reason: "booking" }, ctx);
    expect(email.html).toContain("abc123");
    const hidden = hideSecretLinks("setup-password", email.html, email.text);
    expect(hidden?.count).toBeGreaterThan(0);
    expect(hidden?.html).not.toContain("abc123");
    expect(hidden?.text).not.toContain("abc123");
    expect(hidden?.text).toContain("[link hidden: it lets the recipient into their account]");
    // The rest of the email is untouched.
    expect(hidden?.text).toContain("Ada");
  });

  it("hides the set-up link a job-done email carries for a customer without a password", async () => {
    const url = "http://localhost:3000/auth/setup-password?token=done42";
    const email = await renderTemplate(
      "booking-completed",
      {
        name: "Ada",
        reference: "FC-1",
        title: "Full valet",
        photoCount: 2,
        url: "http://x/b",
        setupUrl: url,
      },
      ctx,
    );
    const hidden = hideSecretLinks("booking-completed", email.html, email.text);
    expect(hidden?.count).toBeGreaterThan(0);
    expect(hidden?.text).not.toContain("done42");
    expect(hidden?.html).not.toContain("done42");
    expect(hidden?.text).toContain("See the photos: http://x/b");
  });

  it("leaves other emails alone", () => {
    expect(hideSecretLinks("booking-moved", '<a href="http://x/auth/a">a</a>', "http://x/auth/a")).toBeNull();
  });
});

describe("templateLabel", () => {
  it("names known templates and reads unknown ones", () => {
    expect(templateLabel("setup-password")).toBe("Account set-up link");
    expect(templateLabel("weather-day-offer")).toBe("Weather day offer");
  });
});
