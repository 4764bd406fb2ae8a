import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { deactivateCustomer } from "@/modules/accounts/server/customers/admin-customer";
import { removeAdmin } from "@/modules/accounts/server/customers/admin-team";
import { forgetAuthForTests, getAuth } from "@/server/auth";
import { setDatabaseForProcess } from "@/server/db";
import { sessions, users } from "@/server/db/schema";
import { eventStreamHandler } from "@/server/realtime/events-route";
import { publish } from "@/server/realtime/publish";
import { insertSettings, insertUser } from "@tests/factories";
import { createTestDatabase, dbKinds, type TestDatabase } from "../support/db";

// Issue 28 #4: an open live-event stream outlived its session — a removed admin's /api/events kept
// receiving admin events for up to 10 minutes. Now a stream closes within moments of its session ending
// (sign-out, removal, deactivation, password change: notified), and checks its session periodically.

const PASSWORD = "correct horse battery staple";

type Stream = { closed: boolean; text: string; cancel: () => Promise<void> };

function read(res: Response): Stream {
  const reader = (res.body as ReadableStream<Uint8Array>).getReader();
  const decoder = new TextDecoder();
  const state: Stream = { closed: false, text: "", cancel: () => reader.cancel() };
  void (async () => {
    for (;;) {
      const { value, done } = await reader.read().catch(() => ({ value: undefined, done: true }));
      if (done) {
        state.closed = true;
        return;
      }
      state.text += decoder.decode(value, { stream: true });
    }
  })();
  return state;
}

async function until(check: () => boolean, ms: number, what: string) {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error(`timed out waiting: ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

describe.each(dbKinds)("live-event streams end with their session on %s", (kind) => {
  let t: TestDatabase;
  const open: Stream[] = [];

  beforeAll(async () => {
    t = await createTestDatabase(kind);
    setDatabaseForProcess(t);
    forgetAuthForTests();
    await insertSettings(t.db, { contactEmail: "hello@example.test" });
  });
  afterAll(async () => {
    await Promise.all(open.map((s) => s.cancel().catch(() => {})));
    const g = globalThis as { __forecourtHub?: { close: () => Promise<void> } };
    await g.__forecourtHub?.close();
    g.__forecourtHub = undefined;
    forgetAuthForTests();
    setDatabaseForProcess(undefined);
    await t.drop();
  });

  let n = 0;
  async function person(role: "admin" | "customer") {
    n += 1;
    const email = `${role}-${n}@example.test`;
    const user = await insertUser(t.db, {
      email,
      name: `${role} ${n}`,
      role,
      emailVerified: true,
      password: PASSWORD,
    });
    return { ...user, signIn: () => signIn(email) };
  }

  async function signIn(email: string): Promise<Headers> {
    const auth = await getAuth();
    const { headers } = await auth.api.signInEmail({
      body: { email, password: PASSWORD, rememberMe: true },
      returnHeaders: true,
    });
    const cookie = headers
      .getSetCookie()
      .map((c) => c.split(";")[0])
      .join("; ");
    return new Headers({ cookie });
  }

  /** Opens /api/events with these cookies; the periodic check is slow unless asked, so closing fast proves the notification. */
  async function stream(headers: Headers, sessionCheckMs = 60_000): Promise<Stream> {
    const res = await eventStreamHandler({ sessionCheckMs })(
      new Request("http://127.0.0.1:3000/api/events", { headers }),
    );
    expect(res.status).toBe(200);
    const s = read(res);
    open.push(s);
    await until(() => s.text.includes("connected"), 5000, "the stream to open");
    return s;
  }

  /**
   * Publishes an event to each of these customers and waits until every stream of theirs shows it: a
   * stream that carries an event published after the others closed is still open, and was not closed with
   * them (a condition to wait for, where a fixed pause would only hope the close had had its chance).
   */
  async function stillFollowing(ref: string, ...following: [{ id: string }, Stream][]) {
    await t.db.transaction(async (tx) => {
      for (const [who] of following)
        await publish(
          tx,
          "booking.updated",
          { audience: "user", userId: who.id },
          { bookingId: ref, reference: ref, status: "confirmed" },
        );
    });
    for (const [, s] of following) await until(() => s.text.includes(ref), 3000, `the event ${ref}`);
  }

  const adminEvent = async (ref: string) =>
    t.db.transaction((tx) =>
      publish(
        tx,
        "booking.updated",
        { audience: "admins" },
        { bookingId: ref, reference: ref, status: "confirmed" },
      ),
    );

  it("refuses to open without a session", async () => {
    const res = await eventStreamHandler()(new Request("http://127.0.0.1:3000/api/events"));
    expect(res.status).toBe(401);
  });

  it("signing out closes that session's stream at once; the person's other device and others stay open", async () => {
    const customer = await person("customer");
    const other = await person("customer");
    const phone = await customer.signIn();
    const laptop = await customer.signIn();
    const phoneStream = await stream(phone);
    const laptopStream = await stream(laptop);
    const otherStream = await stream(await other.signIn());
    await (await getAuth()).api.signOut({ headers: phone });
    await until(() => phoneStream.closed, 3000, "the signed-out stream to close");
    await stillFollowing("AFTER-SIGN-OUT", [customer, laptopStream], [other, otherStream]);
    expect(laptopStream.closed).toBe(false);
    expect(otherStream.closed).toBe(false);
  });

  it("removing an admin closes their open streams within moments; they get no more admin events", async () => {
    const actor = await person("admin");
    const removed = await person("admin");
    const actorStream = await stream(await actor.signIn());
    const removedHeaders = await removed.signIn();
    const removedStream = await stream(removedHeaders);
    await adminEvent("BEFORE1");
    await until(() => removedStream.text.includes("BEFORE1"), 3000, "an admin event before removal");
    await removeAdmin(t.db, { id: actor.id, ip: "127.0.0.1" }, removed.id);
    await until(() => removedStream.closed, 3000, "the removed admin's stream to close");
    await adminEvent("AFTER1");
    await until(() => actorStream.text.includes("AFTER1"), 3000, "the remaining admin to get events");
    expect(removedStream.text).not.toContain("AFTER1");
    expect(actorStream.closed).toBe(false);
    // And their browser's reconnection is refused.
    const again = await eventStreamHandler()(
      new Request("http://127.0.0.1:3000/api/events", { headers: removedHeaders }),
    );
    expect(again.status).toBe(401);
  });

  it("deactivating a customer closes every stream of theirs; an unrelated customer's stays open", async () => {
    const admin = await person("admin");
    const customer = await person("customer");
    const bystander = await person("customer");
    const a = await stream(await customer.signIn());
    const b = await stream(await customer.signIn());
    const c = await stream(await bystander.signIn());
    await deactivateCustomer(
      t.db,
      { id: admin.id, ip: "127.0.0.1" },
      { customerId: customer.id, reason: "" },
    );
    await until(() => a.closed && b.closed, 3000, "the deactivated customer's streams to close");
    // Each says why as its last word, so the page stops rather than reconnecting into a 401.
    for (const ended of [a, b]) expect(ended.text).toMatch(/event: session-ended\ndata: \{\}\n\n$/);
    await stillFollowing("AFTER-DEACTIVATION", [bystander, c]);
    expect(c.closed).toBe(false);
    expect(c.text).not.toContain("session-ended");
  });

  it("changing the password closes the streams of every session, the other devices' included", async () => {
    const customer = await person("customer");
    const bystander = await person("customer");
    const here = await customer.signIn();
    const elsewhere = await stream(await customer.signIn());
    const hereStream = await stream(here);
    const c = await stream(await bystander.signIn());
    await (
      await getAuth()
    ).api.changePassword({
      body: {
        currentPassword: PASSWORD,
        newPassword: "another long passphrase 42",
        revokeOtherSessions: true,
      },
      headers: here,
    });
    // This browser gets a fresh session (and reconnects with it); the stream of the old one closes.
    await until(
      () => elsewhere.closed && hereStream.closed,
      3000,
      "the streams of the old sessions to close",
    );
    await stillFollowing("AFTER-PASSWORD", [bystander, c]);
    expect(c.closed).toBe(false);
  });

  it("checks the session periodically: a session ended without a notification, or a demotion, closes the stream", async () => {
    const customer = await person("customer");
    const admin = await person("admin");
    const bystander = await person("customer");
    const s = await stream(await customer.signIn(), 100);
    const demoted = await stream(await admin.signIn(), 100);
    const c = await stream(await bystander.signIn(), 100);
    // Written straight to the table: no notification reaches the hub, only the periodic check.
    await t.db.delete(sessions).where(eq(sessions.userId, customer.id));
    await t.db.update(users).set({ role: "customer" }).where(eq(users.id, admin.id));
    await until(() => s.closed && demoted.closed, 3000, "the periodic check to close the streams");
    // The timer is what is under test: three more 100 ms checks pass, and the bystander's survives them.
    await new Promise((r) => setTimeout(r, 300));
    await stillFollowing("AFTER-CHECKS", [bystander, c]);
    expect(c.closed).toBe(false);
  });
});
