// What each money figure of a period means, written once (issue 41 §2): the reports, analytics, the Today
// page and the CSVs use these names and show these lines beside their figures, so "revenue" never means
// three things. The SQL that sums each is in the reports module (aggregates.ts); a test on both databases
// sums each one independently from the ledger.

export type RevenueTerm = "booked" | "charged" | "collected" | "refunded" | "net" | "outstanding";

export const REVENUE_TERMS: Record<RevenueTerm, { label: string; counts: string }> = {
  booked: {
    label: "Booked",
    counts:
      "Booked: what the jobs of the period that stand (confirmed, in progress, completed or missed) charge — their price less discounts and goodwill, a missed job's no-show fee — paid or not, by the job's date. Holds waiting for payment, requests waiting for approval, and cancelled, declined or expired bookings add nothing.",
  },
  charged: {
    label: "Charged",
    counts:
      "Charged: booked, plus the fees kept on the period's cancelled bookings — everything customers owe for the period's jobs, by the job's date.",
  },
  collected: {
    label: "Collected",
    counts:
      "Collected: payments received in the period (deposits, balances, payments in full), by the day each one settled, whatever the job's date.",
  },
  refunded: {
    label: "Refunded",
    counts: "Refunded: refunds made in the period, by the day each one settled.",
  },
  net: {
    label: "Net collected",
    counts: "Net collected: collected less refunded.",
  },
  outstanding: {
    label: "Outstanding",
    counts: "Outstanding: what the period's charged jobs still owe today.",
  },
};

/** The figures that reconcile a period's booked value with what it collected (revenueReconciliation). */
export type RevenueReconciliation = {
  bookedMinor: number;
  /** The charge of the period's cancelled, declined and expired bookings: the fees they kept or are owed. */
  closedFeesMinor: number;
  chargedMinor: number;
  outstandingMinor: number;
  /** Paid on the period's jobs above their charge, still to go back. */
  owedBackMinor: number;
  /** Net paid (paid less refunded, whenever) on the period's charged jobs. */
  paidForJobsMinor: number;
  collectedMinor: number;
  refundedMinor: number;
  netMinor: number;
  /**
   * Net collected in the period for other jobs or at other times: deposits for later jobs, balances of
   * earlier ones, money on requests and holds not yet taken on, less what the period's jobs were paid
   * outside the period.
   */
  elsewhereMinor: number;
};

/**
 * The reconciliation from its independent sums: charged = booked + closed fees; paid for jobs = charged −
 * outstanding + owed back (the money definition's identity, ADR 0040); and net collected = paid for jobs +
 * elsewhere, which is what is left over.
 */
export function reconcileRevenue(s: {
  bookedMinor: number;
  closedFeesMinor: number;
  outstandingMinor: number;
  owedBackMinor: number;
  paidForJobsMinor: number;
  collectedMinor: number;
  refundedMinor: number;
}): RevenueReconciliation {
  const netMinor = s.collectedMinor - s.refundedMinor;
  return {
    ...s,
    chargedMinor: s.bookedMinor + s.closedFeesMinor,
    netMinor,
    elsewhereMinor: netMinor - s.paidForJobsMinor,
  };
}

/** The reconciliation as lines: each a sign, a term's words and an amount (the page's "how booked becomes collected"). */
export function reconciliationLines(
  r: RevenueReconciliation,
): { sign: "" | "+" | "−" | "=" | "±"; label: string; minor: number; strong?: boolean }[] {
  return [
    { sign: "", label: "Booked", minor: r.bookedMinor },
    { sign: "+", label: "Fees kept on cancelled bookings", minor: r.closedFeesMinor },
    { sign: "=", label: "Charged for the period's jobs", minor: r.chargedMinor, strong: true },
    { sign: "−", label: "Still outstanding", minor: r.outstandingMinor },
    { sign: "+", label: "Paid above the charge, to refund", minor: r.owedBackMinor },
    {
      sign: "=",
      label: "Paid for the period's jobs (less refunds, whenever paid)",
      minor: r.paidForJobsMinor,
      strong: true,
    },
    {
      sign: "±",
      label: "Paid in the period for other jobs, less paid outside it for these",
      minor: r.elsewhereMinor,
    },
    {
      sign: "=",
      label: "Net collected in the period (collected less refunded)",
      minor: r.netMinor,
      strong: true,
    },
  ];
}
