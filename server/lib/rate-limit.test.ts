import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, type TestApp } from "../test/app-harness";

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

describe("purchase rate limit", () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp({ env: { PURCHASE_RATE_LIMIT: "2" } });
  });
  afterAll(() => app?.close());

  it("limits purchase attempts per signed-in user, not per address", async () => {
    const eager = await app.signIn("eager@buyer.test");
    const calm = await app.signIn("calm@buyer.test");
    for (let i = 0; i < 2; i++) expect((await eager.post("/api/tickets").send({})).status).not.toBe(429);
    const limited = await eager.post("/api/tickets").send({}).expect(429);
    expect(limited.body).toEqual({ message: "Too many purchase attempts. Please wait a minute and try again." });
    // Another user from the same address is not affected.
    expect((await calm.post("/api/tickets").send({})).status).not.toBe(429);
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
  beforeAll(async () => {
    // Reached without a proxy in front: X-Forwarded-For is whatever the client typed.
    direct = await startTestApp({ env: { ...production, TRUST_PROXY: "0" } });
    // Behind one proxy, which appends the address it saw to X-Forwarded-For.
    proxied = await startTestApp({ env: production, database: direct.database });
  });
  afterAll(async () => {
    await proxied?.close();
    await direct?.close();
  });

  it("with TRUST_PROXY=0 ignores X-Forwarded-For, so a made-up address does not dodge the limit", async () => {
    for (const forged of ["203.0.113.1", "203.0.113.2"]) {
      await direct.agent().get("/api/login").set("X-Forwarded-For", forged).expect(302);
    }
    await direct.agent().get("/api/login").set("X-Forwarded-For", "203.0.113.3").expect(429);
  });

  it("behind one proxy counts the address that proxy saw, not what the client prepended", async () => {
    for (const forged of ["198.51.100.1", "198.51.100.2"]) {
      await proxied.agent().get("/api/login").set("X-Forwarded-For", `${forged}, 192.0.2.77`).expect(302);
    }
    await proxied.agent().get("/api/login").set("X-Forwarded-For", "198.51.100.3, 192.0.2.77").expect(429);
    // Another visitor behind the same proxy has a counter of their own.
    await proxied.agent().get("/api/login").set("X-Forwarded-For", "192.0.2.78").expect(302);
  });
});
