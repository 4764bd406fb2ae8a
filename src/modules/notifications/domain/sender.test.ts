import { describe, expect, it } from "vitest";
import { fromHeader, replyToAddress } from "./sender";

describe("fromHeader", () => {
  it("keeps EMAIL_FROM as it is when no name was chosen", () => {
    expect(fromHeader("Shine Street <bookings@shine.example>", null)).toBe(
      "Shine Street <bookings@shine.example>",
    );
  });
  it("puts the chosen name in front of EMAIL_FROM's address", () => {
    expect(fromHeader("Forecourt <no-reply@forecourt.local>", "Shine Street Detailing")).toBe(
      '"Shine Street Detailing" <no-reply@forecourt.local>',
    );
    expect(fromHeader("bookings@shine.example", "Shine")).toBe('"Shine" <bookings@shine.example>');
  });
  it("cannot break out of the quoted name", () => {
    expect(fromHeader("a@b.example", 'Evil" <x@y>\r\nBcc: z@z')).toBe('"Evil <x@y>Bcc: z@z" <a@b.example>');
  });
});

describe("replyToAddress", () => {
  it("is the chosen address, else the contact email", () => {
    expect(replyToAddress({ emailReplyTo: "help@shine.example", contactEmail: "hi@shine.example" })).toBe(
      "help@shine.example",
    );
    expect(replyToAddress({ emailReplyTo: null, contactEmail: "hi@shine.example" })).toBe("hi@shine.example");
  });
});
