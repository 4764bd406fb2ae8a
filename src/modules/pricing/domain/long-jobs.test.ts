import { describe, expect, it } from "vitest";
import { jobsLongerThanADay } from "./long-jobs";

const grid = {
  sizes: [
    { id: "s", name: "Small" },
    { id: "l", name: "Large" },
  ],
  services: [
    {
      id: "coat",
      name: "Ceramic Coating",
      kind: "package" as const,
      spansBreaks: true,
      cells: { s: { durationMinutes: 480 }, l: { durationMinutes: 600 } },
    },
    {
      id: "detail",
      name: "Enhancement Detail",
      kind: "package" as const,
      spansBreaks: false,
      cells: { s: { durationMinutes: 360 }, l: null },
    },
    {
      id: "pet",
      name: "Pet Hair",
      kind: "addon" as const,
      spansBreaks: true,
      cells: { s: { durationMinutes: 900 }, l: null },
    },
  ],
};

describe("jobsLongerThanADay", () => {
  it("names each package and size that may not span a break and is longer than a stretch; spanning work longer than a day runs over several (ADR 0056)", () => {
    expect(jobsLongerThanADay(grid, { spanning: 510, oneStretch: 300 })).toEqual([
      {
        serviceId: "detail",
        serviceName: "Enhancement Detail",
        sizeName: "Small",
        minutes: 360,
        dayMinutes: 300,
        fitsIfSpanning: true,
      },
    ]);
  });
  it("every package when no day is open at all", () => {
    expect(jobsLongerThanADay(grid, { spanning: 0, oneStretch: 0 }).map((j) => j.serviceId)).toEqual([
      "coat",
      "coat",
      "detail",
    ]);
  });
  it("nothing when every package fits; add-ons are never judged alone", () => {
    expect(jobsLongerThanADay(grid, { spanning: 600, oneStretch: 360 })).toEqual([]);
  });
});
