import { describe, expect, it } from "vitest";
import { z } from "zod";
import {
  dateInput,
  EMAIL_MESSAGE,
  emailInput,
  isPhoneNumber,
  MAX_EMAIL_LENGTH,
  optionalEmailInput,
  optionalPhoneInput,
  PHONE_MESSAGE,
  phoneInput,
} from "./field-inputs";

const messageOf = (schema: z.ZodType, value: unknown) => {
  const r = schema.safeParse(value);
  return r.success ? null : r.error.issues[0]?.message;
};

describe("emailInput", () => {
  it("trims and lower-cases", () => {
    expect(emailInput().parse("  Sam.Smith@Example.COM ")).toBe("sam.smith@example.com");
  });

  it("says what is missing, too long or not an address, the same way in every form", () => {
    expect(messageOf(emailInput(), "")).toBe("Enter your email address.");
    expect(messageOf(emailInput(), "   ")).toBe("Enter your email address.");
    expect(messageOf(emailInput("their email address"), undefined)).toBe("Enter their email address.");
    expect(messageOf(emailInput(), "sam@")).toBe(EMAIL_MESSAGE);
    expect(messageOf(emailInput("the contact email"), "not an address")).toBe(EMAIL_MESSAGE);
    const long = `${"a".repeat(MAX_EMAIL_LENGTH)}@example.com`;
    expect(messageOf(emailInput(), long)).toBe("That email address is too long.");
  });

  it("optional: empty or missing is null, anything else is an address", () => {
    const optional = z.object({ email: optionalEmailInput() });
    expect(optional.parse({}).email).toBeNull();
    expect(optional.parse({ email: null }).email).toBeNull();
    expect(optional.parse({ email: "  " }).email).toBeNull();
    expect(optional.parse({ email: " Ops@Fleet.Example " }).email).toBe("ops@fleet.example");
    expect(messageOf(optional, { email: "ops@" })).toBe(EMAIL_MESSAGE);
  });
});

describe("phoneInput", () => {
  it.each(["07700 900123", "+44 (0)20 7946 0958", "020-7946-0958", "0123456"])("takes %s", (v) => {
    expect(isPhoneNumber(v)).toBe(true);
    expect(phoneInput().parse(` ${v} `)).toBe(v);
  });

  it.each(["((((((()", "123-45-6", "07700 900123 ext", "++44 7700 900123"])("refuses %s", (v) => {
    expect(messageOf(phoneInput(), v)).toBe(PHONE_MESSAGE);
  });

  it("says what is missing or too long", () => {
    expect(messageOf(phoneInput(), "")).toBe("Enter your phone number.");
    expect(messageOf(phoneInput("the contact phone number"), undefined)).toBe(
      "Enter the contact phone number.",
    );
    expect(messageOf(phoneInput(), "0".repeat(31))).toBe("That phone number is too long.");
  });

  it("optional: empty is null", () => {
    expect(optionalPhoneInput().parse("")).toBeNull();
    expect(optionalPhoneInput().parse(undefined)).toBeNull();
    expect(optionalPhoneInput().parse("07700 900123")).toBe("07700 900123");
    expect(messageOf(optionalPhoneInput(), "12")).toBe(PHONE_MESSAGE);
  });
});

describe("dateInput", () => {
  it("takes a real date in the product's range, trimmed", () => {
    expect(dateInput().parse(" 2026-02-28 ")).toBe("2026-02-28");
  });

  it.each(["2026-02-30", "2026-13-01", "1999-12-31", "3000-01-01", "28/02/2026", ""])("refuses %s", (v) => {
    expect(messageOf(dateInput(), v)).toBe("Choose a date.");
    expect(messageOf(dateInput("Enter a date, like 2026-12-25."), v)).toBe("Enter a date, like 2026-12-25.");
  });
});
