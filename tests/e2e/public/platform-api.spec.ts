import { credentials, expect, test } from "../support/fixtures";
import { E2E_METRICS_TOKEN } from "../support/ops";

test("/api/health tells anyone it is up, and monitoring the database, jobs and email checks", async ({
  request,
}) => {
  const open = await request.get("/api/health");
  expect(open.status()).toBe(200);
  expect(await open.json()).toEqual({ status: "ok" });
  const res = await request.get("/api/health", { headers: { Authorization: `Bearer ${E2E_METRICS_TOKEN}` } });
  expect(res.status()).toBe(200);
  const body = await res.json();
  expect(body.status).toBe("ok");
  expect(body.checks.database.ok).toBe(true);
  expect(body.checks.jobs.ok).toBe(true);
  expect(body.checks.email.ok).toBe(true);
  expect(res.headers()["x-request-id"]).toMatch(/[0-9a-f-]{36}/);
});

test("/api/health/ready answers 200 while the database answers", async ({ request }) => {
  const res = await request.get("/api/health/ready");
  expect(res.status()).toBe(200);
  expect(await res.json()).toEqual({ status: "ready" });
});

test("the live event stream needs a signed-in person", async ({ request }) => {
  const res = await request.get("/api/events");
  expect(res.status()).toBe(401);
});

test("a signed-in admin receives a live event over SSE, and resumes with Last-Event-ID", async ({
  page,
  loginAs,
}) => {
  await page.goto("/");
  await loginAs("admin");
  const received = await page.evaluate(async () => {
    const source = new EventSource("/api/events");
    const events: { id: string; reference: string }[] = [];
    await new Promise<void>((resolve) => source.addEventListener("open", () => resolve(), { once: true }));
    const done = new Promise<void>((resolve) => {
      source.addEventListener("booking.updated", (e) => {
        const m = e as MessageEvent;
        events.push({ id: m.lastEventId, reference: JSON.parse(m.data).reference });
        if (events.length === 2) resolve();
      });
    });
    await fetch("/api/test/publish?reference=LIVE-1", { method: "POST" });
    await fetch("/api/test/publish?reference=LIVE-2", { method: "POST" });
    await done;
    source.close();
    return events;
  });
  expect(received.map((e) => e.reference)).toEqual(["LIVE-1", "LIVE-2"]);

  // A client that reconnects after LIVE-1 gets LIVE-2 (and only that) first.
  const resumed = await page.evaluate(async (after) => {
    const res = await fetch("/api/events", { headers: { "Last-Event-ID": after } });
    const reader = res.body?.getReader();
    const decoder = new TextDecoder();
    let text = "";
    while (reader && !text.includes("LIVE-2")) text += decoder.decode((await reader.read()).value);
    await reader?.cancel();
    return text;
  }, received[0]?.id ?? "0");
  expect(resumed).toContain("LIVE-2");
  expect(resumed).not.toContain("LIVE-1");
});

test("/api/auth/get-session describes the session without handing its token to scripts", async ({
  page,
  loginAs,
}) => {
  await page.goto("/");
  await loginAs("customer");
  const res = await page.request.get("/api/auth/get-session");
  expect(res.status()).toBe(200);
  const text = await res.text();
  const body = JSON.parse(text);
  expect(body.user.email).toBe(credentials.customer.email);
  expect(body.session.expiresAt).toBeTruthy();
  expect(body.session).not.toHaveProperty("token");
  const cookie = (await page.context().cookies()).find((c) => c.name.endsWith("session_token"));
  const token = decodeURIComponent(cookie?.value ?? "").split(".")[0] ?? "";
  expect(token.length).toBeGreaterThan(10);
  expect(text).not.toContain(token);
});
