import { describe, expect, it } from "vitest";
import { siteAnswerInput, siteAnswersOf, siteAnswerWord, siteSummary, toSiteAnswer } from "./site-answers";

describe("site answers: yes, no, or not answered", () => {
  it.each([
    [true, true],
    ["true", true],
    ["yes", true],
    [false, false],
    ["false", false],
    ["no", false],
    [null, null],
    [undefined, null],
    ["", null],
    ["maybe", null],
    [1, null],
  ])("reads %j as %j", (value, answer) => {
    expect(toSiteAnswer(value)).toBe(answer);
    expect(siteAnswerInput.parse(value)).toBe(answer);
  });

  it("reads an old record without a key as not answered, never as no", () => {
    expect(siteAnswersOf({ hasWater: false })).toEqual({
      hasWater: false,
      hasPower: null,
      hasCoveredSpace: null,
    });
  });

  it("says each answer in words, not answered apart from no", () => {
    expect([true, false, null].map(siteAnswerWord)).toEqual(["yes", "no", "not answered"]);
    expect(siteSummary({ hasWater: true, hasPower: null, hasCoveredSpace: false })).toBe(
      "Water: yes · Power: not answered · Covered space: no",
    );
  });
});
