// Fires N concurrent reserve() calls over HTTP at a running server for the last free interval of a day,
// and checks the guarantee: exactly as many succeed as teams were free, the rest get "slot taken", and
// nothing errors. The server must run with ENABLE_TEST_ROUTES=1 (it uses /api/test/reserve).
//
//   npm run bench:reserve-stress -- --url http://127.0.0.1:3000 [--concurrency 50] [--days-ahead 7]

const args = new Map<string, string>();
for (let i = 2; i < process.argv.length; i += 2) args.set(process.argv[i] ?? "", process.argv[i + 1] ?? "");
const url = (args.get("--url") ?? "http://127.0.0.1:3000").replace(/\/$/, "");
const concurrency = Number(args.get("--concurrency") ?? 50);
const daysAhead = Number(args.get("--days-ahead") ?? 7);

async function main() {
  const prep = await fetch(`${url}/api/test/reserve?daysAhead=${daysAhead}`);
  if (!prep.ok)
    throw new Error(`GET /api/test/reserve answered ${prep.status} — is ENABLE_TEST_ROUTES=1 set?`);
  const interval = (await prep.json()) as { date: string; start: string; freeTeams: number } | null;
  if (!interval) throw new Error("no free interval found in the next 60 days");
  console.log(`last free interval: ${interval.date} ${interval.start} — ${interval.freeTeams} team(s) free`);

  const started = performance.now();
  const results = await Promise.all(
    Array.from({ length: concurrency }, async () => {
      try {
        const res = await fetch(`${url}/api/test/reserve`, {
          method: "POST",
          headers: { "Content-Type": "application/json" },
          body: JSON.stringify({ start: interval.start }),
        });
        const body = (await res.json().catch(() => null)) as { ok?: boolean; reason?: string } | null;
        if (res.status === 200 && body?.ok) return "succeeded";
        if (res.status === 409 && body?.reason === "taken") return "taken";
        return `error ${res.status} ${JSON.stringify(body)}`;
      } catch (err) {
        return `error ${(err as Error).message}`;
      }
    }),
  );
  const ms = Math.round(performance.now() - started);
  const succeeded = results.filter((r) => r === "succeeded").length;
  const taken = results.filter((r) => r === "taken").length;
  const errors = results.filter((r) => r.startsWith("error"));
  for (const e of new Set(errors)) console.log(`  ${e}`);
  const pass = succeeded === interval.freeTeams && errors.length === 0 && succeeded + taken === concurrency;
  console.log(
    `RESULT reserve_stress concurrency=${concurrency} free_teams=${interval.freeTeams} succeeded=${succeeded} slot_taken=${taken} errors=${errors.length} wall_ms=${ms} ${pass ? "PASS" : "FAIL"}`,
  );
  process.exit(pass ? 0 : 1);
}

main().catch((err) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
