import http from "node:http";
import type { AddressInfo } from "node:net";

// A fake Stripe API on a random local port (the SDK's host/port/protocol options): the few endpoints the
// provider uses — create/retrieve/expire a Checkout Session, create a refund. The real SDK, no network.

export const SECRET_KEY = "sk_test_forecourt";

export type FakeSession = {
  id: string;
  object: "checkout.session";
  url: string;
  status: "open" | "complete" | "expired";
  payment_status: "paid" | "unpaid";
  amount_total: number;
  currency: string;
  client_reference_id: string | null;
  customer_email: string | null;
  metadata: Record<string, string>;
  payment_intent: string | null;
  success_url: string;
  cancel_url: string;
  expires_at: number;
};

type Seen = { method: string; path: string; params: URLSearchParams; idempotencyKey: string | undefined };

/** The few Stripe endpoints the provider uses: create/retrieve/expire a Checkout Session, create a refund. */
export function fakeStripe() {
  const sessions = new Map<string, FakeSession>();
  const refunds: { id: string; payment_intent: string; amount: number; idempotencyKey?: string }[] = [];
  const seen: Seen[] = [];
  const answered = new Map<string, { status: number; body: string }>();
  let n = 0;
  /** While true, every refund request is answered 503 (the provider is down). */
  const state = { refundsDown: false };
  const server = http.createServer((req, res) => {
    let raw = "";
    req.on("data", (c: Buffer) => (raw += c.toString("utf8")));
    req.on("end", () => {
      const url = new URL(req.url ?? "/", "http://fake");
      const params = new URLSearchParams(raw);
      const idempotencyKey = req.headers["idempotency-key"] as string | undefined;
      seen.push({ method: req.method ?? "", path: url.pathname, params, idempotencyKey });
      // As Stripe does: a POST repeated with an idempotency key already seen gets the first answer again
      // and changes nothing (a client retrying after a crash must not refund or charge twice).
      const replayKey = req.method === "POST" && idempotencyKey ? `${url.pathname} ${idempotencyKey}` : null;
      const earlier = replayKey ? answered.get(replayKey) : undefined;
      if (earlier) {
        res.writeHead(earlier.status, { "content-type": "application/json", "idempotent-replayed": "true" });
        return res.end(earlier.body);
      }
      const send = (status: number, body: unknown) => {
        const text = JSON.stringify(body);
        if (replayKey && status < 500) answered.set(replayKey, { status, body: text });
        res.writeHead(status, { "content-type": "application/json", "request-id": `req_${++n}` });
        res.end(text);
      };
      if (req.headers.authorization !== `Bearer ${SECRET_KEY}`)
        return send(401, { error: { type: "invalid_request_error", message: "bad key" } });
      const match = /^\/v1\/checkout\/sessions(?:\/([^/]+))?(\/expire)?$/.exec(url.pathname);
      if (match && req.method === "POST" && !match[1]) {
        const id = `cs_test_${++n}`;
        const session: FakeSession = {
          id,
          object: "checkout.session",
          url: `https://checkout.stripe.test/c/pay/${id}`,
          status: "open",
          payment_status: "unpaid",
          amount_total: Number(params.get("line_items[0][price_data][unit_amount]")),
          currency: params.get("line_items[0][price_data][currency]") ?? "",
          client_reference_id: params.get("client_reference_id"),
          customer_email: params.get("customer_email"),
          metadata: {
            bookingId: params.get("metadata[bookingId]") ?? "",
            paymentId: params.get("metadata[paymentId]") ?? "",
            reference: params.get("metadata[reference]") ?? "",
          },
          payment_intent: null,
          success_url: params.get("success_url") ?? "",
          cancel_url: params.get("cancel_url") ?? "",
          expires_at: Number(params.get("expires_at")),
        };
        sessions.set(id, session);
        return send(200, session);
      }
      const session = match?.[1] ? sessions.get(match[1]) : undefined;
      if (match && session && req.method === "GET" && !match[2]) return send(200, session);
      if (match && session && req.method === "POST" && match[2]) {
        if (session.status !== "open")
          return send(400, { error: { type: "invalid_request_error", message: "not open" } });
        session.status = "expired";
        return send(200, session);
      }
      if (url.pathname === "/v1/refunds" && req.method === "POST") {
        if (state.refundsDown)
          return send(503, { error: { type: "api_error", message: "Refunds are unavailable" } });
        const refund = {
          id: `re_${++n}`,
          object: "refund",
          status: "succeeded",
          amount: Number(params.get("amount")),
          payment_intent: params.get("payment_intent") ?? "",
          idempotencyKey,
        };
        refunds.push(refund);
        return send(200, refund);
      }
      send(404, {
        error: { type: "invalid_request_error", message: `no route ${req.method} ${url.pathname}` },
      });
    });
  });
  return {
    sessions,
    refunds,
    seen,
    state,
    async start(port = 0): Promise<number> {
      await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
      return (server.address() as AddressInfo).port;
    },
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
    /** The customer pays on Stripe's page. */
    pay(id: string): FakeSession {
      const s = sessions.get(id);
      if (!s) throw new Error(`no session ${id}`);
      Object.assign(s, { status: "complete", payment_status: "paid", payment_intent: `pi_for_${id}` });
      return s;
    },
    /** A Checkout Session already paid (a booking paid online before the test). */
    paidSession(bookingId: string, amount: number): FakeSession {
      const id = `cs_test_${++n}`;
      const session: FakeSession = {
        id,
        object: "checkout.session",
        url: `https://checkout.stripe.test/c/pay/${id}`,
        status: "complete",
        payment_status: "paid",
        amount_total: amount,
        currency: "gbp",
        client_reference_id: bookingId,
        customer_email: null,
        metadata: { bookingId, paymentId: "", reference: "" },
        payment_intent: `pi_for_${id}`,
        success_url: "",
        cancel_url: "",
        expires_at: Math.floor(Date.now() / 1000) + 3600,
      };
      sessions.set(id, session);
      return session;
    },
  };
}
