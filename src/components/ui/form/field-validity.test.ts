import { describe, expect, it } from "vitest";
import { type ControlState, isControlValid, withoutFieldError } from "@/components/ui/form/field-validity";

const text = (over: Partial<ControlState>): ControlState => ({
  kind: "text",
  value: "",
  required: true,
  meetsConstraints: true,
  ...over,
});

describe("isControlValid", () => {
  it.each<[string, ControlState, boolean]>([
    ["a required field filled in", text({ value: "Tesla" }), true],
    ["a required field left empty", text({ value: "" }), false],
    ["a required field holding only spaces", text({ value: "   " }), false],
    ["an optional field emptied", text({ required: false, value: "" }), true],
    ["an email the browser refuses", text({ value: "anna@", meetsConstraints: false }), false],
    ["an email the browser accepts", text({ value: "anna@example.com" }), true],
    ["a password still shorter than its minimum", text({ value: "short", meetsConstraints: false }), false],
    [
      "a required choice with one checked",
      { kind: "choice", value: "x", required: true, anyChecked: true, meetsConstraints: true },
      true,
    ],
    [
      "a required choice with none checked",
      { kind: "choice", value: "x", required: true, anyChecked: false, meetsConstraints: true },
      false,
    ],
    [
      "an optional choice unchecked",
      { kind: "choice", value: "x", required: false, anyChecked: false, meetsConstraints: true },
      true,
    ],
  ])("%s", (_name, control, valid) => {
    expect(isControlValid(control)).toBe(valid);
  });
});

describe("withoutFieldError", () => {
  it("drops only the named field's messages", () => {
    const errors = { make: ["Enter the make."], model: ["Enter the model."] };
    expect(withoutFieldError(errors, "make")).toEqual({ model: ["Enter the model."] });
    expect(errors).toEqual({ make: ["Enter the make."], model: ["Enter the model."] });
  });

  it("keeps the same object when the field had no error", () => {
    const errors = { model: ["Enter the model."] };
    expect(withoutFieldError(errors, "make")).toBe(errors);
  });
});
