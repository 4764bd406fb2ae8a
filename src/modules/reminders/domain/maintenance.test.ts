import { describe, expect, it } from "vitest";
import { addMonths, type DoneService, maintenanceDue } from "./maintenance";

describe("addMonths", () => {
  it("counts calendar months and keeps the day", () => {
    expect(addMonths("2026-03-15", 6)).toBe("2026-09-15");
    expect(addMonths("2026-11-23", 2)).toBe("2027-01-23");
    expect(addMonths("2026-01-01", 12)).toBe("2027-01-01");
    expect(addMonths("2026-01-10", 60)).toBe("2031-01-10");
  });
  it("falls back to the month's last day when the day doesn't exist there", () => {
    expect(addMonths("2026-08-31", 6)).toBe("2027-02-28");
    expect(addMonths("2027-08-31", 6)).toBe("2028-02-29");
    expect(addMonths("2026-01-31", 3)).toBe("2026-04-30");
  });
});

const done = (
  serviceId: string,
  doneOn: string,
  intervalMonths = 6,
  bookingId = `b-${doneOn}`,
): DoneService => ({
  bookingId,
  serviceId,
  serviceName: serviceId === "coat" ? "Coating top-up" : "Interior refresh",
  intervalMonths,
  doneOn,
});

describe("maintenanceDue", () => {
  it("counts from the latest job with the service, soonest first", () => {
    const due = maintenanceDue(
      [done("coat", "2026-01-10"), done("coat", "2026-05-02"), done("int", "2026-02-01", 3)],
      "2026-06-01",
    );
    expect(due).toEqual([
      {
        serviceId: "int",
        serviceName: "Interior refresh",
        bookingId: "b-2026-02-01",
        doneOn: "2026-02-01",
        dueOn: "2026-05-01",
        isDue: true,
      },
      {
        serviceId: "coat",
        serviceName: "Coating top-up",
        bookingId: "b-2026-05-02",
        doneOn: "2026-05-02",
        dueOn: "2026-11-02",
        isDue: false,
      },
    ]);
  });
  it("is due on its due date, not the day before", () => {
    expect(maintenanceDue([done("coat", "2026-01-10")], "2026-07-09")[0]?.isDue).toBe(false);
    expect(maintenanceDue([done("coat", "2026-01-10")], "2026-07-10")[0]?.isDue).toBe(true);
  });
  it("has nothing for a vehicle without interval services", () => {
    expect(maintenanceDue([], "2026-07-10")).toEqual([]);
  });
});
