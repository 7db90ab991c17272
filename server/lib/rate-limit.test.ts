import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rateLimits } from "@shared/rate-limits.table";
import { sessionCookieOf, startTestApp, type TestApp } from "../test/app-harness";
import { capturedStatements } from "../test/captured-queries";

describe("sign-in rate limit", () => {
  let first: TestApp;
  let second: TestApp;
  beforeAll(async () => {
    first = await startTestApp({ env: { SIGNIN_RATE_LIMIT: "3" } });
    // A second instance on the same database: the counters are shared, not per process.
    second = await startTestApp({ env: { SIGNIN_RATE_LIMIT: "3" }, database: first.database });
  });
  afterAll(async () => {
    await second?.close();
    await first?.close();
  });

  it("answers attempts over the limit with 429 and a clear message, counted across instances", async () => {
    await first.agent().get("/api/login").expect(302);
    await second.agent().get("/api/login").expect(302);
    await first.agent().get("/api/login").expect(302);
    const limited = await second.agent().get("/api/login").expect(429);
    expect(limited.body).toEqual({ message: "Too many sign-in attempts. Please wait a few minutes and try again." });
    expect(Number(limited.headers["retry-after"])).toBeGreaterThan(0);
  });
});

describe("sign-in attempts", () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp({ env: { SIGNIN_RATE_LIMIT: "3" } });
  });
  afterAll(() => app?.close());

  /** GET /api/login and the redirects up to the built-in provider's form; its action. */
  async function openSignInForm(agent: ReturnType<TestApp["agent"]>) {
    let step = await agent.get("/api/login").expect(302);
    while (step.status >= 300 && step.status < 400)
      step = await agent.get(step.headers.location.replace(app.baseUrl, ""));
    const action = /action="([^"]+)"/.exec(step.text)?.[1];
    if (!action) throw new Error(`no sign-in form: ${step.status}`);
    return action;
  }

  it("counts one sign-in once, so as many people as the limit sign in from one address", async () => {
    for (const email of ["one@office.test", "two@office.test", "three@office.test"]) {
      await (await app.signIn(email)).get("/api/auth/user").expect(200);
    }
    await app.agent().get("/api/login").expect(429);
  });

  it("limits posts of the built-in provider's form on their own", async () => {
    await app.database.db.delete(rateLimits);
    const agent = app.agent();
    const action = await openSignInForm(agent);
    for (let i = 0; i < 3; i++) await agent.post(action).type("form").send({ email: "not-an-address" }).expect(400);
    await agent.post(action).type("form").send({ email: "late@office.test" }).expect(429);
  });
});

describe("purchase rate limit", () => {
  const env = { PURCHASE_RATE_LIMIT: "2", SESSION_SECRET: "a-session-secret-for-the-rate-limit-tests-0123" };
  let app: TestApp;
  let second: TestApp;
  beforeAll(async () => {
    app = await startTestApp({ env });
    // A second instance on the same database, where the same session cookie is signed in.
    second = await startTestApp({ env, database: app.database });
  });
  afterAll(async () => {
    await second?.close();
    await app?.close();
  });

  it("limits purchase attempts per signed-in user, not per address, counted across instances", async () => {
    const eager = await app.signIn("eager@buyer.test");
    const calm = await app.signIn("calm@buyer.test");
    const onSecond = () => second.agent().post("/api/tickets").set("Cookie", sessionCookieOf(eager)).send({});
    expect((await eager.post("/api/tickets").send({})).status).not.toBe(429);
    expect((await onSecond()).status).not.toBe(429);
    const limited = await eager.post("/api/tickets").send({}).expect(429);
    expect(limited.body).toEqual({ message: "Too many purchase attempts. Please wait a minute and try again." });
    await onSecond().expect(429);
    // Another user from the same address is not affected.
    expect((await calm.post("/api/tickets").send({})).status).not.toBe(429);
  });

  it("counts a hit with one upsert prepared by name, and nothing else on rate_limits", async () => {
    const buyer = await app.signIn("counted@buyer.test");
    const sent = await capturedStatements(app.database.pool, () => buyer.post("/api/tickets").send({}));
    const counting = sent.filter((statement) => /rate_limits/.test(statement.text));
    expect(counting).toHaveLength(1);
    expect(counting[0]).toMatchObject({
      name: "rate_limit_hit",
      text: expect.stringMatching(/^insert into "rate_limits"/),
    });
  });
});

describe("ended rate-limit windows", () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp({ env: { JOBS_SWEEP_INTERVAL_MS: "1000", JOBS_POLL_INTERVAL_MS: "500" }, workers: true });
  });
  afterAll(() => app?.close());

  it("are deleted by the scheduled job, while live windows keep their count", async () => {
    const minute = 60_000;
    await app.db.insert(rateLimits).values([
      { key: "signin:ip:192.0.2.10", hits: 30, resetAt: new Date(Date.now() - minute) },
      { key: "purchase:user:live", hits: 7, resetAt: new Date(Date.now() + 10 * minute) },
    ]);
    const keys = async () => (await app.db.select().from(rateLimits)).map((row) => `${row.key}=${row.hits}`);
    for (let i = 0; i < 100 && (await keys()).includes("signin:ip:192.0.2.10=30"); i++) {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(await keys()).toEqual(["purchase:user:live=7"]);
  });
});

describe("the client address the limits count", () => {
  const production = {
    NODE_ENV: "production",
    SESSION_SECRET: "a-production-secret-of-at-least-32-chars",
    ALLOW_BUILTIN_LOGIN: "true",
    SIGNIN_RATE_LIMIT: "2",
  };
  let direct: TestApp;
  let proxied: TestApp;
  let elsewhere: TestApp;
  beforeAll(async () => {
    // Reached without a proxy in front: X-Forwarded-For is whatever the client typed.
    direct = await startTestApp({ env: { ...production, TRUST_PROXY: "0" } });
    // Behind a proxy on the same host (the production default, loopback), which appends the
    // address it saw to X-Forwarded-For.
    proxied = await startTestApp({ env: production, database: direct.database });
    // Behind a proxy at another address, and reached directly by a client that is not it.
    elsewhere = await startTestApp({ env: { ...production, TRUST_PROXY: "10.0.0.0/24" } });
  });
  afterAll(async () => {
    await elsewhere?.close();
    await proxied?.close();
    await direct?.close();
  });

  it("ignores X-Forwarded-For and -Proto from a client that is not the proxy, so it dodges no limit", async () => {
    for (const forged of ["203.0.113.1", "203.0.113.2"]) {
      const res = await elsewhere.agent().get("/api/login").set("X-Forwarded-For", forged).expect(302);
      // Nor is it believed about https (no HSTS, no Secure cookie over plain http).
      expect(res.headers["strict-transport-security"]).toBeUndefined();
    }
    const limited = await elsewhere
      .agent()
      .get("/api/login")
      .set("X-Forwarded-For", "203.0.113.3")
      .set("X-Forwarded-Proto", "https")
      .expect(429);
    expect(limited.headers["strict-transport-security"]).toBeUndefined();
  });

  it("with TRUST_PROXY=0 ignores X-Forwarded-For, so a made-up address does not dodge the limit", async () => {
    for (const forged of ["203.0.113.1", "203.0.113.2"]) {
      await direct.agent().get("/api/login").set("X-Forwarded-For", forged).expect(302);
    }
    await direct.agent().get("/api/login").set("X-Forwarded-For", "203.0.113.3").expect(429);
  });

  it("behind the proxy counts the address that proxy saw, not what the client prepended", async () => {
    for (const forged of ["198.51.100.1", "198.51.100.2"]) {
      await proxied.agent().get("/api/login").set("X-Forwarded-For", `${forged}, 192.0.2.77`).expect(302);
    }
    await proxied.agent().get("/api/login").set("X-Forwarded-For", "198.51.100.3, 192.0.2.77").expect(429);
    // Another visitor behind the same proxy has a counter of their own.
    await proxied.agent().get("/api/login").set("X-Forwarded-For", "192.0.2.78").expect(302);
  });
});
