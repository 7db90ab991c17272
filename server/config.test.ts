import { describe, expect, it } from "vitest";
import { loadConfig } from "./config";

describe("loadConfig", () => {
  it("uses the documented defaults for a development machine", () => {
    const config = loadConfig({});
    expect(config.port).toBe(5000);
    expect(config.host).toBe("127.0.0.1");
    expect(config.appUrl).toBe("http://localhost:5000");
    expect(config.databaseUrl).toBeUndefined();
    expect(config.oidc).toBeNull();
    expect(config.allowBuiltinLogin).toBe(true);
    expect(config.stripe).toBeNull();
    expect(config.storage).toEqual({ driver: "local" });
    expect(config.seedDemo).toBe(true);
    expect(config.dataDir.endsWith(".data")).toBe(true);
  });

  it("names the variable in a one-line message when a value is wrong", () => {
    expect(() => loadConfig({ PORT: "eighty" })).toThrow(/^Invalid configuration: PORT /);
    expect(() => loadConfig({ STORAGE_DRIVER: "s3" })).toThrow(/STORAGE_DRIVER must be local or gcs/);
    expect(() => loadConfig({ DATABASE_URL: "not a url" })).toThrow(/DATABASE_URL/);
    expect(() => loadConfig({ SEED_DEMO: "maybe" })).toThrow(/SEED_DEMO must be true or false/);
    expect(() => loadConfig({ SESSION_SECRET: "short" })).toThrow(/SESSION_SECRET must be at least 32/);
  });

  it("refuses production without a session secret or without a real sign-in provider", () => {
    expect(() =>
      loadConfig({
        NODE_ENV: "production",
        OIDC_ISSUER_URL: "https://id.example.com",
        OIDC_CLIENT_ID: "a",
        OIDC_CLIENT_SECRET: "b",
      }),
    ).toThrow(/SESSION_SECRET is required in production/);
    const secret = "x".repeat(40);
    expect(() => loadConfig({ NODE_ENV: "production", SESSION_SECRET: secret })).toThrow(
      /OIDC_ISSUER_URL is required in production/,
    );
    const allowed = loadConfig({ NODE_ENV: "production", SESSION_SECRET: secret, ALLOW_BUILTIN_LOGIN: "true" });
    expect(allowed.allowBuiltinLogin).toBe(true);
    expect(allowed.host).toBe("0.0.0.0");
    expect(allowed.seedDemo).toBe(false);
  });

  it("refuses ADMIN_EMAILS with the built-in provider in production unless ALLOW_BUILTIN_ADMIN=true", () => {
    const builtin = { NODE_ENV: "production", SESSION_SECRET: "x".repeat(40), ALLOW_BUILTIN_LOGIN: "true" };
    expect(() => loadConfig({ ...builtin, ADMIN_EMAILS: "boss@label.com" })).toThrow(
      /^Invalid configuration: ADMIN_EMAILS with the built-in sign-in provider in production lets anyone sign in as an administrator/,
    );
    expect(loadConfig({ ...builtin, ADMIN_EMAILS: "boss@label.com", ALLOW_BUILTIN_ADMIN: "true" }).adminEmails).toEqual(
      ["boss@label.com"],
    );
    expect(loadConfig({ ...builtin }).adminEmails).toEqual([]);
    const realIssuer = { OIDC_ISSUER_URL: "https://id.example.com", OIDC_CLIENT_ID: "a", OIDC_CLIENT_SECRET: "b" };
    expect(loadConfig({ ...builtin, ...realIssuer, ADMIN_EMAILS: "boss@label.com" }).adminEmails).toEqual([
      "boss@label.com",
    ]);
    // Development keeps working as before.
    expect(loadConfig({ ADMIN_EMAILS: "boss@label.com" }).adminEmails).toEqual(["boss@label.com"]);
  });

  it("requires the OIDC and Stripe variables as complete sets", () => {
    expect(() => loadConfig({ OIDC_ISSUER_URL: "https://id.example.com" })).toThrow(/OIDC_CLIENT_ID is required/);
    expect(() => loadConfig({ STRIPE_SECRET_KEY: "sk_test_1" })).toThrow(/STRIPE_PUBLISHABLE_KEY is required/);
    expect(() => loadConfig({ STORAGE_DRIVER: "gcs" })).toThrow(/GCS_BUCKET is required/);
  });

  it("points the Stripe client at STRIPE_API_BASE when set (tests' local stand-in)", () => {
    const keys = { STRIPE_SECRET_KEY: "sk_test_1", STRIPE_PUBLISHABLE_KEY: "pk_test_1" };
    expect(loadConfig(keys).stripe?.apiBase).toBeUndefined();
    expect(loadConfig({ ...keys, STRIPE_API_BASE: "http://127.0.0.1:12111" }).stripe?.apiBase).toEqual({
      protocol: "http",
      host: "127.0.0.1",
      port: 12111,
    });
    expect(loadConfig({ ...keys, STRIPE_API_BASE: "https://stripe.internal" }).stripe?.apiBase).toEqual({
      protocol: "https",
      host: "stripe.internal",
      port: 443,
    });
    expect(() => loadConfig({ ...keys, STRIPE_API_BASE: "ftp://127.0.0.1" })).toThrow(
      /STRIPE_API_BASE must be an http\(s\) URL/,
    );
    expect(() => loadConfig({ ...keys, STRIPE_API_BASE: "nonsense" })).toThrow(/STRIPE_API_BASE/);
  });

  it("normalises the admin list and the app URL", () => {
    const config = loadConfig({
      ADMIN_EMAILS: " Boss@Label.com, ,ops@label.com ",
      APP_URL: "https://label.example.com/",
    });
    expect(config.adminEmails).toEqual(["boss@label.com", "ops@label.com"]);
    expect(config.appUrl).toBe("https://label.example.com");
  });

  it("believes forwarded headers from the proxy's addresses: loopback in production, none in development", () => {
    const production = { NODE_ENV: "production", SESSION_SECRET: "x".repeat(40), ALLOW_BUILTIN_LOGIN: "true" };
    expect(loadConfig({}).trustProxy).toEqual([]);
    expect(loadConfig(production).trustProxy).toEqual(["loopback"]);
    expect(loadConfig({ ...production, TRUST_PROXY: "" }).trustProxy).toEqual(["loopback"]);
    for (const none of ["none", "0", "false"])
      expect(loadConfig({ ...production, TRUST_PROXY: none }).trustProxy).toEqual([]);
    expect(loadConfig({ TRUST_PROXY: " 10.0.0.0/24, loopback ,fd00::1, 192.168.1.7/32 " }).trustProxy).toEqual([
      "10.0.0.0/24",
      "loopback",
      "fd00::1",
      "192.168.1.7/32",
    ]);
    expect(loadConfig({ TRUST_PROXY: "uniquelocal,linklocal" }).trustProxy).toEqual(["uniquelocal", "linklocal"]);
  });

  it("refuses a hop count or 'true' for TRUST_PROXY: either believes whoever connects", () => {
    for (const hops of ["1", "2", "true"]) {
      expect(() => loadConfig({ TRUST_PROXY: hops })).toThrow(
        /^Invalid configuration: TRUST_PROXY must name the proxy's addresses \(such as loopback or 10\.0\.0\.0\/24\)/,
      );
    }
    for (const wrong of ["10.0.0.0/33", "300.1.1.1", "proxy.internal", "loopback,,", "::1/129"]) {
      expect(() => loadConfig({ TRUST_PROXY: wrong }), wrong).toThrow(/TRUST_PROXY/);
    }
  });

  it("has the documented abuse limits by default", () => {
    const config = loadConfig({});
    expect(config.rateLimits.uploadsPer15Minutes).toBe(10);
    expect(config.uploads).toEqual({ quotaBytes: 25 * 1024 * 1024 });
    expect(config.unpaidHolds).toEqual({ perAddress: 5, perEmail: 3 });
    expect(config.stripeMaxConcurrent).toBe(10);
    expect(() => loadConfig({ UPLOAD_QUOTA_MB: "1" })).toThrow(/UPLOAD_QUOTA_MB/);
  });
});

describe("mail and job settings", () => {
  it("defaults to no SMTP (messages stay queued), a 30 s first retry, 8 attempts and a one-minute sweep", () => {
    const config = loadConfig({});
    expect(config.mail).toEqual({ smtpUrl: undefined, from: undefined, retryDelayMs: 30_000, maxAttempts: 8 });
    expect(config.jobs).toEqual({ sweepIntervalMs: 60_000, pollIntervalMs: 2000, work: true });
  });

  it("makes a web instance with RUN_WORKERS=false, and refuses a value that is not a yes or no", () => {
    expect(loadConfig({ RUN_WORKERS: "false" }).jobs.work).toBe(false);
    expect(loadConfig({ RUN_WORKERS: "true" }).jobs.work).toBe(true);
    expect(() => loadConfig({ RUN_WORKERS: "sometimes" })).toThrow(/RUN_WORKERS/);
  });

  it("takes an smtp(s) URL with a sender, and refuses anything else in one line", () => {
    const config = loadConfig({
      SMTP_URL: "smtps://user:pass@mail.label.example:465",
      MAIL_FROM: "Label Records <tickets@label.example>",
    });
    expect(config.mail).toMatchObject({
      smtpUrl: "smtps://user:pass@mail.label.example:465",
      from: "Label Records <tickets@label.example>",
    });
    expect(() => loadConfig({ SMTP_URL: "https://mail.example" })).toThrow(
      /^Invalid configuration: SMTP_URL must be an smtp:\/\/ or smtps:\/\/ URL$/,
    );
    expect(() => loadConfig({ SMTP_URL: "smtp://mail.example:25" })).toThrow(
      /MAIL_FROM is required when SMTP_URL is set/,
    );
    expect(() => loadConfig({ MAIL_FROM: "not an address" })).toThrow(
      /^Invalid configuration: MAIL_FROM must be an address/,
    );
    expect(() => loadConfig({ MAIL_MAX_ATTEMPTS: "0" })).toThrow(/MAIL_MAX_ATTEMPTS/);
  });
});
