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
  it("names each package and size longer than the day holds for it, and when spanning breaks would fix it", () => {
    expect(jobsLongerThanADay(grid, { spanning: 510, oneStretch: 300 })).toEqual([
      {
        serviceId: "coat",
        serviceName: "Ceramic Coating",
        sizeName: "Large",
        minutes: 600,
        dayMinutes: 510,
        fitsIfSpanning: false,
      },
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
  it("nothing when every package fits; add-ons are never judged alone", () => {
    expect(jobsLongerThanADay(grid, { spanning: 600, oneStretch: 360 })).toEqual([]);
  });
});
