import type { APIRequestContext } from "@playwright/test";
import { createUser, expect, test, uniqueEmail } from "../support/fixtures";

type Probe = { path: string; body: (email: string) => Record<string, unknown> };

const probes: Probe[] = [
  {
    path: "/api/account/register",
    body: (email) => ({
      name: "Probe",
      email,
      phone: "07700 900333",
      password: "Probe-Password-77",
      confirmPassword: "Probe-Password-77",
    }),
  },
  { path: "/api/account/login", body: (email) => ({ email, password: "Probe-Password-77" }) },
  { path: "/api/account/forgot-password", body: (email) => ({ email }) },
  { path: "/api/account/resend-verification", body: (email) => ({ email }) },
];

async function timed(request: APIRequestContext, path: string, data: Record<string, unknown>) {
  const start = performance.now();
  const res = await request.post(path, { data });
  const ms = performance.now() - start;
  const body = await res.json();
  // The echoed email differs by construction; everything else must match.
  if (body.data?.email) body.data.email = "<email>";
  return { status: res.status(), body, ms };
}

for (const probe of probes) {
  test(`${probe.path} answers known and unknown emails alike`, async ({ request }) => {
    const known: Awaited<ReturnType<typeof timed>>[] = [];
    const unknown: Awaited<ReturnType<typeof timed>>[] = [];
    for (let i = 0; i < 3; i++) {
      const user = await createUser(request, { emailVerified: probe.path.includes("resend") ? false : true });
      known.push(await timed(request, probe.path, probe.body(user.email)));
      unknown.push(await timed(request, probe.path, probe.body(uniqueEmail("unknown"))));
    }
    for (let i = 0; i < 3; i++) {
      expect(known[i]?.status).toBe(unknown[i]?.status);
      expect(known[i]?.body).toEqual(unknown[i]?.body);
    }
    const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[1] ?? 0;
    const a = median(known.map((r) => r.ms));
    const b = median(unknown.map((r) => r.ms));
    // Same order of magnitude.
    expect(Math.max(a, b) / Math.max(1, Math.min(a, b))).toBeLessThan(10);
  });
}
