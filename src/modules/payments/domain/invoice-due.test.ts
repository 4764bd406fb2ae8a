import { describe, expect, it } from "vitest";
import { invoiceDue, quickbooksTerms } from "./invoice-due";

describe("invoiceDue", () => {
  it("is the issue day (the business's calendar) for an invoice not on account", () => {
    // 23:30 UTC on 30 June is 1 July in London.
    const due = invoiceDue({ issuedAt: new Date("2026-06-30T23:30:00Z"), payBy: null }, "Europe/London");
    expect(due).toEqual({ dueOn: "2026-07-01", termsDays: 0, onTerms: false });
    expect(quickbooksTerms(due)).toBe("Due on receipt");
  });

  it("is the pay-by day kept on an invoice on account, its terms counted from the issue day", () => {
    const due = invoiceDue(
      { issuedAt: new Date("2026-10-25T00:30:00Z"), payBy: "2026-11-24" },
      "Europe/London",
    );
    expect(due).toEqual({ dueOn: "2026-11-24", termsDays: 30, onTerms: true });
    expect(quickbooksTerms(due)).toBe("Net 30");
  });
});
