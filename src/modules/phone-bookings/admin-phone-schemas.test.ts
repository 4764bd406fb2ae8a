import { describe, expect, it } from "vitest";
import { parseAmount, phoneBookingInput } from "./admin-phone-schemas";

// The phone booking's amounts and conditional fields, checked before anything touches the database.

describe("parseAmount", () => {
  it.each([
    ["85", 8500],
    ["85.5", 8550],
    ["85.50", 8550],
    ["£85.00", 8500],
    [" 0.07 ", 7],
  ])("%s → %i minor units", (input, minor) => expect(parseAmount(input)).toBe(minor));

  it.each(["", "lots", "85.555", "-5", "1e3", "85,00"])("refuses %j", (input) =>
    expect(parseAmount(input)).toBeNaN(),
  );
});

describe("phoneBookingInput", () => {
  const base = {
    run: "6f1c1f5e-8a55-4c0e-9d55-2f0a3c1b7e11",
    customerMode: "existing",
    customerId: "0b7f7c3e-2f0d-4e43-9d0a-1c2b3d4e5f60",
    savedVehicleId: "1b7f7c3e-2f0d-4e43-9d0a-1c2b3d4e5f60",
    savedAddressId: "2b7f7c3e-2f0d-4e43-9d0a-1c2b3d4e5f60",
    service: "full-valet",
    size: "3b7f7c3e-2f0d-4e43-9d0a-1c2b3d4e5f60",
    start: "2027-01-12T09:00:00.000Z",
    teamId: "4b7f7c3e-2f0d-4e43-9d0a-1c2b3d4e5f60",
    payment: "on_the_day",
  };
  const fields = (input: Record<string, unknown>) =>
    (phoneBookingInput.safeParse(input).error?.issues ?? []).map((i) => i.path.join("."));

  it("accepts saved vehicle and address without their details", () => {
    expect(fields(base)).toEqual([]);
  });

  it("puts a new address's postcode message under the postcode, not the form (issue 27)", () => {
    expect(fields({ ...base, savedAddressId: "", postcode: "", line1: "1 Road", town: "London" })).toEqual([
      "postcode",
    ]);
    expect(
      fields({ ...base, savedAddressId: "", postcode: "nope", line1: "1 Road", town: "London" }),
    ).toEqual(["postcode"]);
  });

  it("asks for the method and a readable amount of a manual payment, and a transfer's reference", () => {
    expect(fields({ ...base, payment: "manual" }).sort()).toEqual(["amount", "method"]);
    expect(fields({ ...base, payment: "manual", method: "bank_transfer", amount: "10" })).toEqual([
      "paymentReference",
    ]);
    const ok = phoneBookingInput.parse({ ...base, payment: "manual", method: "cash", amount: "10.5" });
    expect(ok.manual).toEqual({ method: "cash", amountMinor: 1050, reference: null });
  });

  it("asks for a reason to override, and a new customer's details", () => {
    expect(fields({ ...base, override: true })).toEqual(["reason"]);
    expect(fields({ ...base, customerMode: "new", customerId: "" }).sort()).toEqual([
      "email",
      "name",
      "phone",
    ]);
  });
});
