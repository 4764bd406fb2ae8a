import { describe, expect, it } from "vitest";
import { visitTitle } from "./visit-title";

describe("visitTitle: a visit is named by all its vehicles' work", () => {
  it.each<[readonly string[] | null, string]>([
    [null, "Booking"],
    [[], "Booking"],
    [["Mini Valet"], "Mini Valet"],
    [["Mini Valet", "Mini Valet"], "2 vehicles: Mini Valet ×2"],
    [["Full Valet", "Mini Valet", "Mini Valet"], "3 vehicles: Full Valet, Mini Valet ×2"],
    [["Mini Valet", "Full Valet", "Mini Valet"], "3 vehicles: Mini Valet ×2, Full Valet"],
  ])("%j → %s", (packages, title) => {
    expect(visitTitle(packages)).toBe(title);
  });
});
