import { describe, expect, it } from "vitest";
import { addressStepInput, createBookingInput, vehicleStepInput, wizardStepInput } from "../book-schemas";

// The wizard's schemas (book-schemas.ts): what a step or the final submission accepts, and the
// messages a person sees under the fields.

const RUN = "AbCdEfGhIjKlMnOpQrStUv";
const SIZE = "3f2504e0-4f89-41d3-9a0c-0305e82c3301";
const messages = (r: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  Object.fromEntries((r.error?.issues ?? []).map((i) => [i.path.join("."), i.message]));

describe("step inputs", () => {
  it("normalises a vehicle: registration upper case without spaces, blank colour = none", () => {
    const r = vehicleStepInput.parse({
      step: "vehicle",
      run: RUN,
      service: "full-valet",
      size: SIZE,
      make: " Ford ",
      model: "Focus",
      registration: "lb19 xkt",
      colour: "",
    });
    expect(r).toMatchObject({ make: "Ford", registration: "LB19XKT", colour: null, addons: null });
  });

  it("says what is wrong with each vehicle field", () => {
    const r = vehicleStepInput.safeParse({ step: "vehicle", run: RUN, service: "x", registration: "!!" });
    expect(messages(r)).toMatchObject({
      size: "Choose your vehicle's size.",
      make: "Enter the make.",
      model: "Enter the model.",
      registration: "Enter the registration, like LB19 XKT.",
    });
  });

  it("normalises the postcode and refuses a malformed one", () => {
    const base = { step: "address", run: RUN, service: "x", line1: "1 Road", town: "London" };
    expect(addressStepInput.parse({ ...base, postcode: "sw98ab" }).postcode).toBe("SW9 8AB");
    expect(messages(addressStepInput.safeParse({ ...base, postcode: "12345" }))).toEqual({
      postcode: "Enter a full UK postcode, like SW9 8AB.",
    });
  });

  it("checks a guest's details", () => {
    const r = wizardStepInput.safeParse({
      step: "details",
      run: RUN,
      service: "x",
      name: "",
      email: "nope",
      phone: "abc",
    });
    expect(messages(r)).toEqual({
      name: "Enter your name.",
      email: "Enter a valid email address, like name@example.com.",
      phone: "Enter a phone number, like 07700 900123.",
    });
  });
});

describe("createBookingInput", () => {
  const base = {
    run: RUN,
    runSecret: "ZyXwVuTsRqPoNmLkJiHgFe",
    service: "full-valet",
    start: "2026-12-08T09:00:00.000Z",
    acceptPolicies: true,
  };

  it("requires a vehicle and an address, saved or described", () => {
    expect(messages(createBookingInput.safeParse(base))).toEqual({
      size: "Choose your vehicle's size.",
      vehicleDetails: "Tell us about your vehicle: make, model and registration.",
      postcode: "Enter the postcode.",
      addressDetails: "Tell us where we'll do the work.",
    });
    expect(
      createBookingInput.safeParse({
        ...base,
        savedVehicleId: SIZE,
        savedAddressId: SIZE,
      }).success,
    ).toBe(true);
  });

  it("requires the policies to be accepted", () => {
    const r = createBookingInput.safeParse({
      ...base,
      savedVehicleId: SIZE,
      savedAddressId: SIZE,
      acceptPolicies: false,
    });
    expect(messages(r)).toEqual({
      acceptPolicies: "Please read and accept the booking policies to continue.",
    });
  });

  it("drops anything about prices, durations or teams, and reads add-ons from a list or a comma string", () => {
    const r = createBookingInput.parse({
      ...base,
      savedVehicleId: SIZE,
      savedAddressId: "",
      postcode: "SW9 8AB",
      addressDetails: { line1: "1 Road", town: "London" },
      addons: "pet-hair,,leather",
      totalMinor: 1,
      durationMinutes: 5,
      teamId: SIZE,
    });
    expect(r).not.toHaveProperty("totalMinor");
    expect(r).not.toHaveProperty("durationMinutes");
    expect(r).not.toHaveProperty("teamId");
    expect(r.addons).toEqual(["pet-hair", "leather"]);
    expect(r.savedAddressId).toBeUndefined();
    expect(r.start).toEqual(new Date("2026-12-08T09:00:00.000Z"));
  });

  it("takes back the step values it answered with (blank optional fields are null)", () => {
    const r = createBookingInput.parse({
      ...base,
      size: SIZE,
      postcode: "SW9 8AB",
      vehicleDetails: { make: "VW", model: "Golf", registration: "LB19XKT", colour: null },
      addressDetails: { label: null, line1: "1 Road", line2: null, town: "London", accessNotes: null },
      contact: { name: "Sam", email: "sam@example.test", phone: "07700 900123", notes: null, hasWater: true },
      site: { hasWater: "true", hasPower: "false", hasCoveredSpace: "" },
    });
    expect(r.vehicleDetails?.colour).toBeNull();
    // A site question not answered is null — never "no" (issue 41 §4).
    expect(r.addressDetails).toMatchObject({ label: null, line2: null, hasWater: null });
    expect(r.contact).toMatchObject({ notes: null, hasWater: true, hasPower: null });
    expect(r.site).toEqual({ hasWater: true, hasPower: false, hasCoveredSpace: null }); // the review's radios
  });

  it("refuses a malformed run, start or add-on", () => {
    const r = createBookingInput.safeParse({
      ...base,
      savedVehicleId: SIZE,
      savedAddressId: SIZE,
      run: "x",
      runSecret: "short",
      start: "soon",
      addons: ["<b>"],
    });
    expect(Object.keys(messages(r)).sort()).toEqual(["addons.0", "run", "runSecret", "start"]);
  });
});
