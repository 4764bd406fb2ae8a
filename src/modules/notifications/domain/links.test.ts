import { describe, expect, it } from "vitest";
import { linksInText, loggedEmailMessage } from "./links";

describe("linksInText", () => {
  it("finds each http(s) link once, in order, without trailing punctuation", () => {
    const text = [
      "Confirm your address: http://localhost:3000/api/auth/verify-email?token=abc.def&callbackURL=%2F.",
      "Or set a password at https://shine.example/auth/setup-password?token=x1, then sign in.",
      "Again: http://localhost:3000/api/auth/verify-email?token=abc.def&callbackURL=%2F",
      "Questions? (https://shine.example/help)",
    ].join("\n");
    expect(linksInText(text)).toEqual([
      "http://localhost:3000/api/auth/verify-email?token=abc.def&callbackURL=%2F",
      "https://shine.example/auth/setup-password?token=x1",
      "https://shine.example/help",
    ]);
  });

  it("ignores text without links and non-web schemes", () => {
    expect(linksInText("Call us on 020 7946 0000 or mailto:hi@shine.example")).toEqual([]);
  });
});

describe("loggedEmailMessage", () => {
  it("names the recipient, the subject and the links", () => {
    expect(loggedEmailMessage("a@b.test", "Confirm your email", "Open https://x.test/c?t=1 now")).toBe(
      'email to a@b.test kept in the outbox (no SMTP_URL): "Confirm your email" — links: https://x.test/c?t=1',
    );
  });

  it("shows the text body, on one line, when the email has no link", () => {
    expect(loggedEmailMessage("a@b.test", "Hello", "Line one.\n\nLine  two.")).toBe(
      'email to a@b.test kept in the outbox (no SMTP_URL): "Hello" — text: Line one. Line two.',
    );
  });
});
