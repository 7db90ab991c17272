import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, type TestApp } from "./test/app-harness";
import { THEME_INIT_SCRIPT_SOURCE } from "./lib/security-headers";
import { BUILTIN_LOGIN_WARNING } from "./auth/builtin-provider";
import { captureLogger } from "./test/capture-logger";

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
    expect(res.body).toEqual({
      stripePublishableKey: "pk_test_public",
      masterCodeEnabled: false,
      liveStreamPollMs: 30000,
      demoContent: false,
    });
    expect(JSON.stringify(res.body)).not.toContain("sk_test_x");
  });

  it("answers unknown API paths with a JSON 404", async () => {
    const res = await app.agent().get("/api/no-such-thing").expect(404);
    expect(res.body.message).toMatch(/No API route/);
  });

  it("answers malformed JSON with 400 and a clear message", async () => {
    const agent = await app.signIn("json@example.test");
    const res = await agent
      .post("/api/auth/master-code")
      .set("Content-Type", "application/json")
      .send('{"code": ')
      .expect(400);
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
    const res = await agent
      .post("/api/auth/master-code")
      .set("Origin", "https://evil.example")
      .send({ code: "x" })
      .expect(403);
    expect(res.body).toEqual({ message: "Cross-site request refused" });
    await agent.post("/api/auth/master-code").set("Sec-Fetch-Site", "cross-site").send({ code: "x" }).expect(403);
    await agent.post("/api/auth/master-code").set("Origin", app.baseUrl).send({ code: "x" }).expect(404);
  });

  it("sends pages the page policy and headers, and a request id", async () => {
    // The sign-out page: the test app serves no built client, and this page lives under /api.
    const res = await app.agent().get("/api/logout").set("Accept", "text/html").expect(200);
    expect(res.headers["x-content-type-options"]).toBe("nosniff");
    // Scripts: the app's own files, the one inline theme script by its hash, and Stripe.
    expect(res.headers["content-security-policy"]).toContain(
      `script-src 'self' ${THEME_INIT_SCRIPT_SOURCE} https://js.stripe.com`,
    );
    expect(THEME_INIT_SCRIPT_SOURCE).toMatch(/^'sha256-[A-Za-z0-9+/]{43}='$/);
    expect(res.headers["x-request-id"]).toMatch(/^[\w-]+$/);
    expect(res.headers["x-powered-by"]).toBeUndefined();
    // The app's own form posts (Log Out) carry their real Origin; other sites get no referrer.
    expect(res.headers["referrer-policy"]).toBe("same-origin");
    expect(res.headers["cross-origin-opener-policy"]).toBe("same-origin");
  });

  it("sends the API's data a policy that allows nothing, and no document-only headers", async () => {
    const res = await app.agent().get("/api/health");
    expect(res.headers["content-security-policy"]).toBe("default-src 'none';frame-ancestors 'none'");
    expect(res.headers["x-frame-options"]).toBe("DENY");
    expect(res.headers["x-content-type-options"]).toBe("nosniff");
    expect(res.headers["cross-origin-resource-policy"]).toBe("same-origin");
    expect(res.headers["x-request-id"]).toMatch(/^[\w-]+$/);
    for (const pageOnly of [
      "cross-origin-opener-policy",
      "origin-agent-cluster",
      "referrer-policy",
      "x-dns-prefetch-control",
      "x-download-options",
      "x-permitted-cross-domain-policies",
      "x-xss-protection",
    ]) {
      expect(res.headers[pageOnly], pageOnly).toBeUndefined();
    }
  });
});

describe("in production", () => {
  let prod: TestApp;
  const prodEnv = {
    NODE_ENV: "production",
    SESSION_SECRET: "a-production-secret-of-at-least-32-chars",
    LOG_LEVEL: "silent",
  };
  const startLog = captureLogger();
  beforeAll(async () => {
    prod = await startTestApp({
      env: { ...prodEnv, ALLOW_BUILTIN_LOGIN: "true" },
      logger: startLog.logger,
      database: app.database,
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

  it("sends HSTS only on answers that went out over HTTPS", async () => {
    const plain = await prod.agent().get("/api/health").expect(200);
    expect(plain.headers["strict-transport-security"]).toBeUndefined();
    const tls = await prod.agent().get("/api/health").set("X-Forwarded-Proto", "https").expect(200);
    expect(tls.headers["strict-transport-security"]).toBe("max-age=31536000; includeSubDomains");
  });

  it("warns once at start that the built-in provider lets anyone sign in as anyone", () => {
    const warnings = startLog.lines.filter((line) => line.level === 40 && line.msg === BUILTIN_LOGIN_WARNING);
    expect(warnings).toHaveLength(1);
    expect(BUILTIN_LOGIN_WARNING).toMatch(/anyone sign in as anyone, administrators included, with no password/);
  });

  it("does not warn with a real issuer, and lets the sign-out form follow to the issuer", async () => {
    const log = captureLogger();
    const real = await startTestApp({
      env: {
        ...prodEnv,
        OIDC_ISSUER_URL: "https://id.example.com/realms/label",
        OIDC_CLIENT_ID: "a",
        OIDC_CLIENT_SECRET: "b",
      },
      logger: log.logger,
      database: app.database,
    });
    try {
      expect(log.lines.some((line) => line.msg === BUILTIN_LOGIN_WARNING)).toBe(false);
      const res = await real.agent().get("/api/logout").set("Accept", "text/html");
      expect(res.headers["content-security-policy"]).toContain("form-action 'self' https://id.example.com");
    } finally {
      await real.close();
    }
  });

  it("never sends the session cookie over plain http", async () => {
    const res = await prod.agent().get("/api/login").expect(302);
    expect(String(res.headers["set-cookie"] ?? "")).not.toMatch(/label\.sid=/);
  });
});
