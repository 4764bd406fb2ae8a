import { describe, expect, it } from "vitest";
import { firstName, type JobPhotoFacts, jobRecordView, photoAlt } from "./job-record";

const photo = (
  id: string,
  kind: "before" | "after",
  at: string,
  by: string | null = "Sam Taylor",
  removed: JobPhotoFacts["removed"] = null,
): JobPhotoFacts => ({
  id,
  kind,
  url: `/api/job-photos/${id}`,
  thumbUrl: `/api/job-photos/${id}?size=thumb`,
  at,
  by,
  takenById: by ? "user-sam" : null,
  removed,
});

describe("firstName", () => {
  it.each([
    ["Sam Taylor", "Sam"],
    ["  Alex   de la Cruz ", "Alex"],
    ["Cher", "Cher"],
    ["", ""],
  ])("%j → %j", (name, first) => expect(firstName(name)).toBe(first));
});

describe("photoAlt", () => {
  it("names the kind and the vehicle", () => {
    expect(photoAlt("before", "AB12CDE")).toBe("Before photo of AB12CDE");
    expect(photoAlt("after", " AB12CDE ")).toBe("After photo of AB12CDE");
  });
  it("numbers one of several, and does without a registration", () => {
    expect(photoAlt("after", "AB12CDE", 2, 3)).toBe("After photo of AB12CDE (2 of 3)");
    expect(photoAlt("before", "")).toBe("Before photo");
  });
});

describe("jobRecordView", () => {
  const photos = [
    photo("a1", "after", "2026-03-03T11:05:00.000Z"),
    photo("b1", "before", "2026-03-03T09:31:00.000Z"),
    photo("b2", "before", "2026-03-03T09:32:00.000Z", null),
  ];

  it("groups before then after, names each photo, and says who took it and when (business time)", () => {
    const view = jobRecordView({
      photos,
      crew: { startedBy: "Sam Taylor", completedBy: "Alex Moss" },
      registration: "AB12CDE",
      timeZone: "Europe/London",
    });
    expect(view.photoCount).toBe(3);
    expect(view.crew).toEqual([
      { label: "Started by", name: "Sam Taylor" },
      { label: "Completed by", name: "Alex Moss" },
    ]);
    expect(view.groups.map((g) => [g.title, g.photos.map((p) => p.id)])).toEqual([
      ["Before", ["b1", "b2"]],
      ["After", ["a1"]],
    ]);
    expect(view.groups[0]?.photos[0]).toEqual({
      id: "b1",
      url: "/api/job-photos/b1",
      thumbUrl: "/api/job-photos/b1?size=thumb",
      alt: "Before photo of AB12CDE (1 of 2)",
      atIso: "2026-03-03T09:31:00.000Z",
      at: "Tue 3 Mar, 09:31 GMT",
      by: "Sam Taylor",
      removed: null,
    });
    expect(view.groups[0]?.photos[1]?.by).toBeNull();
    expect(view.groups[1]?.photos[0]?.alt).toBe("After photo of AB12CDE");
  });

  it("gives the customer first names only", () => {
    const view = jobRecordView({
      photos,
      crew: { startedBy: "Sam Taylor", completedBy: "Sam Taylor" },
      registration: "AB12CDE",
      timeZone: "Europe/London",
      firstNamesOnly: true,
    });
    expect(view.crew.map((c) => c.name)).toEqual(["Sam", "Sam"]);
    expect(view.groups.flatMap((g) => g.photos.map((p) => p.by))).toEqual(["Sam", null, "Sam"]);
  });

  it("marks a removed photo (the admin's page lists it) and leaves it out of the count", () => {
    const view = jobRecordView({
      photos: [
        ...photos,
        photo("b3", "before", "2026-03-03T09:33:00.000Z", "Sam Taylor", {
          at: "2026-03-03T15:00:00.000Z",
          by: "Alex Moss",
        }),
        photo("a2", "after", "2026-03-03T11:06:00.000Z", null, { at: "2026-03-04T08:00:00.000Z", by: null }),
      ],
      crew: null,
      registration: "AB12CDE",
      timeZone: "Europe/London",
    });
    expect(view.photoCount).toBe(3);
    expect(view.groups.flatMap((g) => g.photos.map((p) => [p.id, p.removed]))).toEqual([
      ["b1", null],
      ["b2", null],
      ["b3", "Removed by Alex Moss · Tue 3 Mar, 15:00 GMT"],
      ["a1", null],
      ["a2", "Removed · Wed 4 Mar, 08:00 GMT"],
    ]);
  });

  it("shows only what is known: a job not started yet, without photos", () => {
    expect(
      jobRecordView({ photos: [], crew: null, registration: "AB12CDE", timeZone: "Europe/London" }),
    ).toEqual({ crew: [], groups: [], photoCount: 0 });
    expect(
      jobRecordView({
        photos: [],
        crew: { startedBy: "Sam Taylor", completedBy: null },
        registration: "AB12CDE",
        timeZone: "Europe/London",
      }).crew,
    ).toEqual([{ label: "Started by", name: "Sam Taylor" }]);
  });
});
