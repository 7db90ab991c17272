import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, type TestApp } from "./test/app-harness";
import { THEME_INIT_SCRIPT_SOURCE } from "./app";

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp({ env: { STRIPE_SECRET_KEY: "sk_test_x", STRIPE_PUBLISHABLE_KEY: "pk_test_public" } });
});
afterAll(() => app?.close());

describe("HTTP baseline", () => {
  it("reports database reachability at /api/health", async () => {
    const res = await app.agent().get("/api/health").expect(200);
    expect(res.body).toMatchObject({ status: "ok", database: "up" });
  });

  it("serves runtime settings at /api/config without secrets", async () => {
    const res = await app.agent().get("/api/config").expect(200);
    expect(res.body).toEqual({ stripePublishableKey: "pk_test_public", masterCodeEnabled: false, liveStreamPollMs: 30000 });
    expect(JSON.stringify(res.body)).not.toContain("sk_test_x");
  });

  it("answers unknown API paths with a JSON 404", async () => {
    const res = await app.agent().get("/api/no-such-thing").expect(404);
    expect(res.body.message).toMatch(/No API route/);
  });

  it("answers malformed JSON with 400 and a clear message", async () => {
    const agent = await app.signIn("json@example.test");
    const res = await agent.post("/api/auth/master-code").set("Content-Type", "application/json").send('{"code": ').expect(400);
    expect(res.body).toEqual({ message: "The request body is not valid JSON" });
  });

  it("answers an oversized body with 413", async () => {
    const agent = await app.signIn("big@example.test");
    const res = await agent
      .post("/api/auth/master-code")
      .set("Content-Type", "application/json")
      .send(JSON.stringify({ code: "x".repeat(200_000) }))
      .expect(413);
    expect(res.body).toEqual({ message: "The request body is too large" });
  });

  it("refuses a state-changing request from another site, even with a valid session", async () => {
    const agent = await app.signIn("csrf@example.test");
    const res = await agent.post("/api/auth/master-code").set("Origin", "https://evil.example").send({ code: "x" }).expect(403);
    expect(res.body).toEqual({ message: "Cross-site request refused" });
    await agent.post("/api/auth/master-code").set("Sec-Fetch-Site", "cross-site").send({ code: "x" }).expect(403);
    await agent.post("/api/auth/master-code").set("Origin", app.baseUrl).send({ code: "x" }).expect(404);
  });

  it("sends security headers and a request id", async () => {
    const res = await app.agent().get("/api/health");
    expect(res.headers["x-content-type-options"]).toBe("nosniff");
    // Scripts: the app's own files, the one inline theme script by its hash, and Stripe.
    expect(res.headers["content-security-policy"]).toContain(`script-src 'self' ${THEME_INIT_SCRIPT_SOURCE} https://js.stripe.com`);
    expect(THEME_INIT_SCRIPT_SOURCE).toMatch(/^'sha256-[A-Za-z0-9+/]{43}='$/);
    expect(res.headers["x-request-id"]).toMatch(/^[\w-]+$/);
    expect(res.headers["x-powered-by"]).toBeUndefined();
  });
});

describe("in production", () => {
  let prod: TestApp;
  beforeAll(async () => {
    prod = await startTestApp({
      env: { NODE_ENV: "production", SESSION_SECRET: "a-production-secret-of-at-least-32-chars", ALLOW_BUILTIN_LOGIN: "true", LOG_LEVEL: "silent" },
    });
  });
  afterAll(() => prod?.close());

  it("sets the session cookie Secure, HttpOnly and SameSite=Lax behind TLS", async () => {
    const res = await prod.agent().get("/api/login").set("X-Forwarded-Proto", "https").expect(302);
    const cookie = String(res.headers["set-cookie"]);
    expect(cookie).toMatch(/label\.sid=/);
    expect(cookie).toMatch(/Secure/);
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Lax/);
    expect(res.headers["strict-transport-security"]).toBeDefined();
  });

  it("never sends the session cookie over plain http", async () => {
    const res = await prod.agent().get("/api/login").expect(302);
    expect(String(res.headers["set-cookie"] ?? "")).not.toMatch(/label\.sid=/);
  });
});
