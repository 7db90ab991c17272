import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq, like, sql } from "drizzle-orm";
import { rateLimits } from "@shared/rate-limits.table";
import { users } from "@shared/users.table";
import { sessionCookieOf, startTestApp, type Agent, type TestApp } from "../../test/app-harness";

const CODE = "open-sesame-42";
let app: TestApp;

beforeAll(async () => {
  app = await startTestApp({ env: { MASTER_CODE: CODE } });
});
afterAll(() => app?.close());

const enter = (agent: Agent, code: string) => agent.post("/api/auth/master-code").send({ code });
/** Every test starts with no attempts counted (they are counted per address too). */
const forgetAttempts = () => app.db.delete(rateLimits).where(like(rateLimits.key, "mastercode:%"));
const roleOf = async (agent: Agent) => (await agent.get("/api/auth/user").expect(200)).body.role;

describe("master code", () => {
  it("is for signed-in users only", async () => {
    await app.agent().post("/api/auth/master-code").send({ code: CODE }).expect(401);
  });

  it("refuses a wrong code with 403 and makes the user admin with the right one", async () => {
    await forgetAttempts();
    const agent = await app.signIn("climber@example.test");
    const wrong = await enter(agent, "guess").expect(403);
    expect(wrong.body.message).toMatch(/not correct/);
    expect(await roleOf(agent)).toBe("user");
    const right = await enter(agent, CODE).expect(200);
    expect(right.body.role).toBe("admin");
  });

  it("validates the body", async () => {
    const agent = await app.signIn("validator@example.test");
    const res = await agent.post("/api/auth/master-code").send({ code: 42 }).expect(400);
    expect(res.body.fieldErrors.code).toBeDefined();
  });

  it("checks no more than five codes when 60 wrong ones arrive in parallel", async () => {
    await forgetAttempts();
    const agent = await app.signIn("racer@example.test");
    const answers = await Promise.all(Array.from({ length: 60 }, (_, i) => enter(agent, `wrong-${i}`)));
    const statuses = answers.map((r) => r.status);
    expect(statuses.filter((s) => s === 403)).toHaveLength(5);
    expect(statuses.filter((s) => s === 429)).toHaveLength(55);
    // Locked: even the right code is not checked now.
    const locked = await enter(agent, CODE).expect(429);
    expect(locked.body.message).toMatch(/^Too many attempts\. Master code entry is locked; try again in 15 minutes\.$/);
    expect(Number(locked.headers["retry-after"])).toBeGreaterThan(14 * 60);
    expect(Number(locked.headers["retry-after"])).toBeLessThanOrEqual(15 * 60);
    expect(await roleOf(agent)).toBe("user");
  });

  it("counts per user: signing in again does not start over", async () => {
    await forgetAttempts();
    const first = await app.signIn("persistent@example.test");
    for (let i = 0; i < 5; i++) await enter(first, `wrong-${i}`).expect(403);
    const again = await app.signIn("persistent@example.test");
    await enter(again, CODE).expect(429);
    expect(await roleOf(again)).toBe("user");
  });

  it("counts per address: many accounts from one address share 20 attempts", async () => {
    await forgetAttempts();
    for (let account = 0; account < 4; account++) {
      const agent = await app.signIn(`sock-${account}@example.test`);
      for (let i = 0; i < 5; i++) await enter(agent, `wrong-${i}`).expect(403);
    }
    const fresh = await app.signIn("sock-fresh@example.test");
    await enter(fresh, CODE).expect(429);
    expect(await roleOf(fresh)).toBe("user");
  });

  it("backs off: after a lock one more attempt is allowed, then the lock doubles", async () => {
    await forgetAttempts();
    const agent = await app.signIn("patient@example.test");
    for (let i = 0; i < 5; i++) await enter(agent, `wrong-${i}`).expect(403);
    await enter(agent, "wrong-again").expect(429);

    // Sixteen minutes pass: move the streak's last attempt back in time.
    const passTime = (minutes: number) =>
      app.db
        .update(rateLimits)
        .set({ resetAt: sql`${rateLimits.resetAt} - make_interval(mins => ${minutes})` })
        .where(like(rateLimits.key, "mastercode:%"));
    await passTime(16);
    await enter(agent, "sixth").expect(403);
    const locked = await enter(agent, CODE).expect(429);
    expect(locked.body.message).toMatch(/try again in 30 minutes/);

    await passTime(31);
    await enter(agent, CODE).expect(200);
    expect(await roleOf(agent)).toBe("admin");
  });

  it("forgets a streak a day after its last attempt", async () => {
    await forgetAttempts();
    const agent = await app.signIn("returner@example.test");
    for (let i = 0; i < 5; i++) await enter(agent, `wrong-${i}`).expect(403);
    await app.db
      .update(rateLimits)
      .set({ resetAt: sql`now() - interval '1 second'` })
      .where(like(rateLimits.key, "mastercode:%"));
    for (let i = 0; i < 4; i++) await enter(agent, `wrong-${i}`).expect(403);
    await enter(agent, CODE).expect(200);
  });

  it("starts a new session id when it raises the role: the old id does not become admin", async () => {
    await forgetAttempts();
    const agent = await app.signIn("raised@example.test");
    const sid = async () =>
      (
        await app.db
          .select({ sid: sql<string>`sid` })
          .from(sql`sessions`)
          .where(sql`sess #>> '{passport,user}' = (select id from users where email = 'raised@example.test')`)
      ).map((r) => r.sid);
    const before = await sid();
    expect(before).toHaveLength(1);
    const oldCookie = sessionCookieOf(agent);
    await app.agent().get("/api/auth/user").set("Cookie", oldCookie).expect(200);

    await enter(agent, CODE).expect(200);
    const after = await sid();
    expect(after).toHaveLength(1);
    expect(after[0]).not.toBe(before[0]);
    expect(await roleOf(agent)).toBe("admin");
    expect(sessionCookieOf(agent)).not.toBe(oldCookie);
    await app.agent().get("/api/auth/user").set("Cookie", oldCookie).expect(401);
  });

  it("records the grant as the master code's, so a later sign-in keeps it", async () => {
    await forgetAttempts();
    const agent = await app.signIn("granted@example.test");
    await enter(agent, CODE).expect(200);
    const [row] = await app.db.select().from(users).where(eq(users.email, "granted@example.test"));
    expect(row).toMatchObject({ role: "admin", adminSource: "master-code" });
    const again = await app.signIn("granted@example.test");
    expect(await roleOf(again)).toBe("admin");
  });

  it("explains that access is granted by an administrator when no code is configured", async () => {
    const plain = await startTestApp({ database: app.database });
    try {
      const agent = await plain.signIn("nocode@example.test");
      const res = await agent.post("/api/auth/master-code").send({ code: "anything" }).expect(404);
      expect(res.body.message).toMatch(/granted by an administrator/);
    } finally {
      await plain.close();
    }
  });
});
