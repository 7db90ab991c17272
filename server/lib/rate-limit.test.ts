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
