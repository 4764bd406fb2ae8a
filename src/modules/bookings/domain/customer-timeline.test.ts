import { describe, expect, it } from "vitest";
import { describeForCustomer } from "./customer-timeline";

const ev = (
  type: string,
  fromValue: string | null,
  toValue: string | null,
  data: Record<string, unknown> = {},
) => ({
  type,
  fromValue,
  toValue,
  data,
});

describe("a booking's history in the customer's words", () => {
  it("says what happened, in money where money moved", () => {
    expect(describeForCustomer(ev("created", null, "pending_payment"), "GBP")).toEqual({
      what: "Booked",
      why: null,
    });
    expect(describeForCustomer(ev("payment", null, "succeeded", { amountMinor: 1400 }), "GBP")?.what).toBe(
      "Payment of £14.00 received",
    );
    expect(describeForCustomer(ev("refund", null, "pending", { amountMinor: 500 }), "GBP")?.what).toBe(
      "Refund of £5.00 on its way",
    );
    expect(describeForCustomer(ev("refund", "pending", "succeeded", { amountMinor: 500 }), "GBP")?.what).toBe(
      "Refund of £5.00 made",
    );
    expect(describeForCustomer(ev("refund", null, "owed", { amountMinor: 2000 }), "GBP")?.what).toBe(
      "£20.00 you paid the business directly is to be handed back to you",
    );
  });

  it("says why a refund was made and how it went back, and a lower price with its reason (ADR 0040)", () => {
    expect(
      describeForCustomer(
        ev("refund", null, "succeeded", { amountMinor: 3000, reasonKind: "goodwill", method: "cash" }),
        "GBP",
      ),
    ).toEqual({
      what: "Refund of £30.00 handed back to you",
      why: "Goodwill refund: the price was lowered by as much",
    });
    expect(
      describeForCustomer(
        ev("refund", null, "pending", { amountMinor: 500, reasonKind: "overpayment" }),
        "GBP",
      ),
    ).toEqual({ what: "Refund of £5.00 on its way", why: "You had paid more than the price" });
    expect(
      describeForCustomer(
        ev("note", null, "price_adjusted", { amountMinor: 2000, reason: "Returning customer." }),
        "GBP",
      ),
    ).toEqual({ what: "Price lowered by £20.00", why: "Returning customer." });
    // The business's own notes stay its own.
    expect(describeForCustomer(ev("note", null, null, { cleared: false }), "GBP")).toBeNull();
  });

  it("gives the business's reason only when it ended the booking", () => {
    expect(
      describeForCustomer(
        ev("status_changed", "confirmed", "cancelled", { reason: "Our van broke down." }),
        "GBP",
      ),
    ).toEqual({ what: "Booking cancelled", why: "Our van broke down." });
    expect(
      describeForCustomer(
        ev("status_changed", "confirmed", "in_progress", { reason: "Job started." }),
        "GBP",
      ),
    ).toEqual({ what: "The team started the job", why: null });
  });

  it("tells a reschedule request's story: asked, answered, an offer and the customer's answer to it", () => {
    const said = (to: string, data: Record<string, unknown> = {}) =>
      describeForCustomer(ev("reschedule_decided", null, to, data), "GBP");
    expect(said("declined", { reason: "Fully booked." })).toEqual({
      what: "Your request for a new time was declined",
      why: "Fully booked.",
    });
    expect(said("countered", { reason: "Monday instead?" })).toEqual({
      what: "We offered you another time",
      why: "Monday instead?",
    });
    expect(said("approved", { offer: true })?.what).toBe("You accepted the time we offered");
    expect(said("declined", { offer: true })?.what).toBe("You declined the time we offered");
    expect(said("withdrawn")?.what).toBe("You withdrew your request for a new time");
    expect(said("weather_offer", { reason: "Storm warning." })).toEqual({
      what: "The weather ruled out this time: we offered you new times",
      why: "Storm warning.",
    });
    expect(said("weather_asked_another")?.what).toBe("You asked us for another time");
    expect(said("weather_lifted")?.what).toBe("The weather cleared: your booking goes ahead at its time");
  });

  it("keeps the business's own business to itself", () => {
    expect(describeForCustomer(ev("note", null, null, { length: 12 }), "GBP")).toBeNull();
    expect(describeForCustomer(ev("team_changed", null, null), "GBP")).toBeNull();
    expect(describeForCustomer(ev("refund", "pending", "failed", { amountMinor: 500 }), "GBP")).toBeNull();
    expect(
      describeForCustomer(ev("refund", "pending", "retry_failed", { amountMinor: 500 }), "GBP"),
    ).toBeNull();
    expect(describeForCustomer(ev("payment", null, "failed"), "GBP")).toBeNull();
  });
});
