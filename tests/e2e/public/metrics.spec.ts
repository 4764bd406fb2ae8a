import { E2E_METRICS_TOKEN } from "../support/ops";
import { expect, test } from "../support/fixtures";

// GET /api/metrics (issue 18): Prometheus text behind a bearer token. Requests are counted by route
// pattern — never by the raw path, so a booking id can't become a label — and the scrape reads the job
// queue and the outbox from the database.

const auth = { Authorization: `Bearer ${E2E_METRICS_TOKEN}` };

test("metrics need the token, and count requests by route with the queue and outbox state", async ({
  request,
}) => {
  expect((await request.get("/api/metrics")).status()).toBe(401);
  expect(
    (
      await request.get("/api/metrics", { headers: { Authorization: "Bearer wrong-token-of-some-length" } })
    ).status(),
  ).toBe(401);

  await request.get("/");
  await request.get("/booking-policies");
  const id = "0b0c3c8e-1d9a-4f5e-9a51-3c1c6c0a7a11";
  await request.get(`/admin/bookings/${id}`, { maxRedirects: 0 });
  await request.get("/no-such-page-for-metrics");

  const res = await request.get("/api/metrics", { headers: auth });
  expect(res.status()).toBe(200);
  expect(res.headers()["content-type"]).toContain("text/plain");
  const body = await res.text();
  const line = (re: RegExp) => body.split("\n").find((l) => re.test(l));
  expect(line(/^forecourt_http_requests_total\{method="GET",route="\/",status="200"\} \d+/)).toBeTruthy();
  expect(
    line(/^forecourt_http_requests_total\{method="GET",route="\/booking-policies",status="200"\}/),
  ).toBeTruthy();
  expect(
    line(/^forecourt_http_requests_total\{method="GET",route="\/admin\/bookings\/\[id\]",status="30\d"\}/),
  ).toBeTruthy();
  expect(
    line(/^forecourt_http_requests_total\{method="GET",route="\(unmatched\)",status="404"\}/),
  ).toBeTruthy();
  expect(
    line(/^forecourt_http_request_duration_seconds_bucket\{le="0.5",method="GET",route="\/"\}/),
  ).toBeTruthy();
  expect(body).not.toContain(id);
  for (const gauge of [
    "forecourt_job_queue_depth",
    "forecourt_job_queue_overdue",
    "forecourt_jobs_failed_24h",
    "forecourt_outbox_backlog",
    "forecourt_emails_failed_7d",
  ])
    expect(line(new RegExp(`^${gauge} \\d+$`)), gauge).toBeTruthy();
  expect(line(/^forecourt_database_up 1$/)).toBeTruthy();
  expect(line(/^forecourt_process_resident_memory_bytes \d+/)).toBeTruthy();
});
