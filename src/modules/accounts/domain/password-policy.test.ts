import { describe, expect, it } from "vitest";
import { passwordProblem } from "./password-policy";

const common = new Set(["password123", "qwertyuiop", "1234567890"]);

describe("passwordProblem", () => {
  it.each([
    ["short1", "Use at least 10 characters."],
    ["Password123", "This password is too common. Choose something harder to guess."],
    ["QWERTYUIOP", "This password is too common. Choose something harder to guess."],
    ["aaaaaaaaaaaa", "This password is too easy to guess."],
    ["x".repeat(129), "Use at most 128 characters."],
  ])("%s → %s", (pw, problem) => expect(passwordProblem(pw, common)).toBe(problem));

  it("refuses the person's own email address", () => {
    expect(passwordProblem("priya@example.com", common, "Priya@Example.com")).toMatch(/email address/);
  });

  it("accepts a long, uncommon password", () => {
    expect(passwordProblem("correct horse battery", common)).toBeNull();
  });
});
