import { BOOK_QUERY_KEYS } from "@/lib/booking/book-link";
import { describe, expect, it } from "vitest";
import {
  EMPTY_WIZARD_STATE,
  firstIncompleteStep,
  jobOfMoreVehicle,
  MAX_MORE_VEHICLES,
  parseMoreVehicles,
  newRunId,
  parseAddons,
  parseWizardState,
  previousStep,
  resolveStep,
  RUN_ID,
  stepsFor,
  nextStep,
  type WizardStep,
  wizardHref,
  wizardQuery,
} from "./wizard-state";

const SIZE = "3f2504e0-4f89-41d3-9a0c-0305e82c3301";
const RUN = "AbCdEfGhIjKlMnOpQrStUv";

describe("parseWizardState", () => {
  it("reads every choice and normalises it", () => {
    expect(
      parseWizardState({
        service: "Full-Valet",
        size: SIZE.toUpperCase(),
        addons: "pet-hair,engine-bay,pet-hair",
        postcode: "sw98ab",
        month: "2026-12",
        date: "2026-12-08",
        start: "2026-12-08T09:00:00+00:00",
        step: "time",
        run: RUN,
        notice: "taken",
      }),
    ).toEqual({
      service: "full-valet",
      size: SIZE,
      vehicle: null,
      addons: ["pet-hair", "engine-bay"],
      postcode: "SW9 8AB",
      address: null,
      month: "2026-12",
      date: "2026-12-08",
      start: "2026-12-08T09:00:00.000Z",
      step: "time",
      run: RUN,
      notice: "taken",
      more: [],
    });
  });

  it.each([
    ["service", "<script>"],
    ["size", "not-a-uuid"],
    ["vehicle", "1"],
    ["address", "x"],
    ["postcode", "NOT A POSTCODE"],
    ["month", "2026-13"],
    ["date", "2026-02-30"],
    ["start", "tomorrow"],
    ["step", "pay"],
    ["run", "short"],
    ["notice", "hello"],
  ])("treats a malformed %s as not chosen", (key, value) => {
    expect(parseWizardState({ [key]: value })).toEqual(EMPTY_WIZARD_STATE);
  });

  it("takes the first of repeated single values", () => {
    expect(parseWizardState({ service: ["a", "b"] }).service).toBe("a");
  });
});

describe("parseAddons", () => {
  it.each([
    [undefined, null],
    ["", []],
    [
      ["", "a", "b"],
      ["a", "b"],
    ],
    ["a,,B , c", ["a", "b", "c"]],
    ["a,no spaces!", ["a"]],
  ] as const)("%o → %o", (input, expected) => {
    expect(parseAddons(input as string | string[] | undefined)).toEqual(expected);
  });

  it("keeps at most 20", () => {
    expect(parseAddons(Array.from({ length: 30 }, (_, i) => `a${i}`).join(","))).toHaveLength(20);
  });
});

describe("wizardHref / wizardQuery", () => {
  it("writes every key of the state: the state's keys are the link's (lib/booking/book-link.ts)", () => {
    expect(Object.keys(EMPTY_WIZARD_STATE).sort()).toEqual([...BOOK_QUERY_KEYS].sort());
  });

  it("writes choices in a stable order, keeping commas readable", () => {
    expect(
      wizardQuery({ run: RUN, step: "review", addons: ["a", "b"], service: "x", postcode: "SW9 8AB" }),
    ).toBe(`service=x&addons=a,b&postcode=SW9%208AB&step=review&run=${RUN}`);
  });

  it("round-trips through the parser", () => {
    const state = parseWizardState({
      service: "x",
      size: SIZE,
      addons: "a,b",
      postcode: "SW9 8AB",
      start: "2026-12-08T09:00:00.000Z",
      date: "2026-12-08",
      step: "review",
      run: RUN,
    });
    const params = Object.fromEntries(new URLSearchParams(wizardHref(state).split("?")[1]));
    expect(parseWizardState(params)).toEqual(state);
  });

  it("applies a patch and drops a one-off notice", () => {
    const href = wizardHref({ service: "x", notice: "taken", step: "time" }, { step: "review" });
    expect(href).toBe("/book?service=x&step=review");
    expect(wizardHref({}, { notice: "expired" })).toBe("/book?notice=expired");
    expect(wizardHref({})).toBe("/book");
  });
});

describe("steps", () => {
  it("skips the details step when signed in", () => {
    expect(stepsFor(false)).toContain("details");
    expect(stepsFor(true)).not.toContain("details");
    expect(nextStep(stepsFor(true), "time")).toBe("review");
    expect(nextStep(stepsFor(false), "time")).toBe("details");
    expect(nextStep(stepsFor(false), "review")).toBe("review");
    expect(previousStep(stepsFor(false), "service")).toBeNull();
    expect(previousStep(stepsFor(true), "review")).toBe("time");
  });
});

describe("resolveStep", () => {
  const steps = stepsFor(false);
  const checks = (invalid: WizardStep[], unanswered: WizardStep[] = []) => ({
    valid: (s: WizardStep) => !invalid.includes(s),
    answered: (s: WizardStep) => !unanswered.includes(s),
  });

  it.each([
    ["review", [], [], "review"],
    ["review", ["time"], [], "time"],
    ["review", ["vehicle", "time"], [], "vehicle"],
    ["time", ["time"], [], "time"],
    ["addons", ["address"], [], "addons"],
    [null, [], ["addons", "details"], "addons"],
    [null, ["service"], [], "service"],
    [null, [], ["details"], "details"],
    [null, [], [], "review"],
  ] as const)("asked %s with invalid %o, unanswered %o → %s", (requested, invalid, unanswered, expected) => {
    expect(resolveStep(requested, steps, checks([...invalid], [...unanswered]))).toBe(expected);
  });

  it("ignores a step that is not in this person's list", () => {
    expect(resolveStep("details", stepsFor(true), checks([], []))).toBe("review");
  });
});

describe("firstIncompleteStep", () => {
  const guest = stepsFor(false);
  const customer = stepsFor(true);
  // `more`: no further vehicle lacks its details (there are none unless a test adds the step).
  const none = { vehicle: false, address: false, contact: false, more: true };
  const all = { vehicle: true, address: true, contact: true, more: true };
  const unsaved = { vehicle: null, address: null };
  const SAVED = "6f1c2b7e-1a2b-4c3d-8e9f-0a1b2c3d4e5f";

  it.each([
    // A new tab on a later step's link keeps nothing typed: back to the first step that asks.
    ["review", none, "vehicle"],
    ["time", none, "vehicle"],
    ["addons", none, "vehicle"],
    ["review", { ...none, vehicle: true }, "address"],
    ["review", { ...all, contact: false }, "details"],
    ["details", { ...all, contact: false }, null],
    ["review", all, null],
    // The step with the gap is where it is put right, and the steps before the vehicle ask nothing typed.
    ["vehicle", none, null],
    ["service", none, null],
    ["address", { ...none, vehicle: true }, null],
  ] as const)("a guest on %s keeping %o → %s", (step, kept, expected) => {
    expect(firstIncompleteStep(guest, step, unsaved, kept)).toBe(expected);
  });

  it("needs nothing typed for a saved vehicle or address", () => {
    expect(firstIncompleteStep(customer, "review", { vehicle: SAVED, address: SAVED }, none)).toBeNull();
    expect(firstIncompleteStep(customer, "review", { vehicle: SAVED, address: null }, none)).toBe("address");
    expect(firstIncompleteStep(customer, "time", { vehicle: null, address: SAVED }, none)).toBe("vehicle");
  });

  it("goes back to the further vehicles when this tab lacks one's details", () => {
    const several = stepsFor(false, true);
    expect(firstIncompleteStep(several, "review", unsaved, { ...all, more: false })).toBe("vehicles");
    expect(firstIncompleteStep(several, "address", unsaved, { ...all, more: false })).toBe("vehicles");
    expect(firstIncompleteStep(several, "vehicles", unsaved, { ...all, more: false })).toBeNull();
    expect(firstIncompleteStep(several, "review", unsaved, all)).toBeNull();
  });

  it("never asks a signed-in customer for the details step they do not have", () => {
    expect(firstIncompleteStep(customer, "review", unsaved, { ...all, contact: false })).toBeNull();
  });
});

describe("newRunId", () => {
  it("makes 22 url-safe characters from 16 random bytes", () => {
    const id = newRunId();
    expect(id).toMatch(RUN_ID);
    expect(id).toHaveLength(22);
    expect(newRunId(() => new Uint8Array(16).fill(255))).toBe("_____________________w");
    expect(newRunId()).not.toBe(id);
  });
});

describe("a visit's further vehicles in the URL", () => {
  const V = "7c9e6679-7425-40de-944b-e07fc1f90ae7";
  it("reads new and saved vehicles, with their own job or the first's", () => {
    expect(
      parseMoreVehicles(`s~${SIZE.toUpperCase()},v~${V}~Full-Valet~wax.pet-hair.wax,s~${SIZE}~exterior~`),
    ).toEqual([
      { size: SIZE, vehicle: null, service: null, addons: [] },
      { size: null, vehicle: V, service: "full-valet", addons: ["wax", "pet-hair"] },
      { size: SIZE, vehicle: null, service: "exterior", addons: [] },
    ]);
  });

  it.each(["x~" + SIZE, "s~not-a-uuid", `s~${SIZE}~<b>`, "", "s", `v~${SIZE}~a b`])(
    "drops an entry it can't read: %s",
    (entry) => expect(parseMoreVehicles(entry)).toEqual([]),
  );

  it("keeps at most MAX_MORE_VEHICLES", () => {
    expect(parseMoreVehicles(Array(40).fill(`s~${SIZE}`).join(","))).toHaveLength(MAX_MORE_VEHICLES);
  });

  it("round-trips through the query string, readable", () => {
    const state = {
      ...EMPTY_WIZARD_STATE,
      service: "full-valet",
      size: SIZE,
      addons: [],
      more: [
        { size: SIZE, vehicle: null, service: null, addons: [] },
        { size: null, vehicle: V, service: "exterior", addons: ["wax", "pet-hair"] },
      ],
    };
    const query = wizardQuery(state);
    expect(query).toContain(`more=s~${SIZE},v~${V}~exterior~wax.pet-hair`);
    expect(parseWizardState(Object.fromEntries(new URLSearchParams(query)))).toEqual(state);
    expect(wizardQuery({ ...state, more: [] })).not.toContain("more");
  });

  it("gives a vehicle with no job of its own the first vehicle's", () => {
    const first = { service: "full-valet", addons: ["wax"] };
    expect(jobOfMoreVehicle(first, { size: SIZE, vehicle: null, service: null, addons: [] })).toEqual(first);
    expect(jobOfMoreVehicle(first, { size: SIZE, vehicle: null, service: "exterior", addons: [] })).toEqual({
      service: "exterior",
      addons: [],
    });
  });

  it("adds the step only for a visit of several", () => {
    expect(stepsFor(false)).not.toContain("vehicles");
    expect(stepsFor(true, true)).toEqual([
      "service",
      "vehicle",
      "addons",
      "vehicles",
      "address",
      "time",
      "review",
    ]);
  });
});
