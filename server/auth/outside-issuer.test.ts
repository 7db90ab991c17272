import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { users } from "@shared/users.table";
import { startTestApp, type TestApp } from "../test/app-harness";
import { signInAtIssuer, startTestIssuer, type TestIssuer } from "../test/test-issuer";
import { captureLogger } from "../test/capture-logger";

// Sign-in through a second, outside OpenID Connect issuer (server/test/test-issuer.ts), which
// issues whatever claims each test gives an account.

let issuer: TestIssuer;
let app: TestApp;
const { logger, lines: logLines } = captureLogger();

beforeAll(async () => {
  issuer = await startTestIssuer();
  app = await startTestApp({ env: { ...issuer.env, ADMIN_EMAILS: "boss@outside.test,chief@outside.test" }, logger });
  issuer.trustApp(app.baseUrl);
});
afterAll(async () => {
  await app?.close();
  await issuer?.stop();
});

/** Signs in at the outside issuer as `subject`; returns the agent and where the app sent it. */
async function signInAs(subject: string, loginPath?: string) {
  const agent = app.agent();
  const { finish } = await signInAtIssuer(issuer, { baseUrl: app.baseUrl, agent }, { subject }, loginPath);
  const callback = await finish();
  expect(callback.status).toBe(302);
  return { agent, location: callback.headers.location as string };
}

const userByEmail = async (email: string) => (await app.db.select().from(users).where(eq(users.email, email)))[0];

describe("an outside issuer's e-mail claims", () => {
  it("signs in with a verified e-mail and keys the user by the issuer's iss and sub", async () => {
    issuer.setAccount("sub-verified", {
      email: "Verified@Outside.test",
      email_verified: true,
      given_name: "Vera",
      family_name: "Fied",
    });
    const { agent, location } = await signInAs("sub-verified");
    expect(location).toBe("/");
    const me = await agent.get("/api/auth/user").expect(200);
    expect(me.body).toMatchObject({
      email: "verified@outside.test",
      firstName: "Vera",
      lastName: "Fied",
      role: "user",
    });
    const row = await userByEmail("verified@outside.test");
    expect(row).toMatchObject({ oidcIssuer: issuer.url, oidcSubject: "sub-verified" });
  });

  it("refuses an e-mail the issuer marks unverified, creates nobody and says why", async () => {
    issuer.setAccount("sub-unverified", { email: "claimed@outside.test", email_verified: false });
    const { agent, location } = await signInAs("sub-unverified");
    expect(location).toBe("/?signin=not-verified");
    await agent.get("/api/auth/user").expect(401);
    expect(await userByEmail("claimed@outside.test")).toBeUndefined();
  });

  it("refuses an e-mail with no email_verified claim, or one that is not exactly true", async () => {
    issuer.setAccount("sub-silent", { email: "silent@outside.test" });
    issuer.setAccount("sub-stringly", { email: "stringly@outside.test", email_verified: "true" });
    expect((await signInAs("sub-silent")).location).toBe("/?signin=not-verified");
    expect((await signInAs("sub-stringly")).location).toBe("/?signin=not-verified");
    expect(await userByEmail("silent@outside.test")).toBeUndefined();
  });

  it("refuses a sign-in without an e-mail claim, and logs the real cause", async () => {
    issuer.setAccount("sub-no-email", { name: "No Mail" });
    const { agent, location } = await signInAs("sub-no-email");
    expect(location).toBe("/?signin=no-email");
    await agent.get("/api/auth/user").expect(401);
    const line = logLines.find((l) => l.msg === "sign-in did not complete" && l.reason === "no-email");
    expect(line).toBeDefined();
    expect(line).not.toHaveProperty("err");
    expect(line!.cause).toMatchObject({
      reason: "no-email",
      message: "the issuer shared no e-mail address",
      issuer: issuer.url,
      subject: "sub-no-email",
    });
  });

  it("never signs in as an existing user, admins included, on an unverified claim of their e-mail", async () => {
    const [boss] = await app.db
      .insert(users)
      .values({ email: "boss@outside.test", role: "admin", adminSource: "admin-emails" })
      .returning();
    issuer.setAccount("sub-impostor", { email: "boss@outside.test", email_verified: false });
    const { agent, location } = await signInAs("sub-impostor");
    expect(location).toBe("/?signin=not-verified");
    await agent.get("/api/auth/user").expect(401);
    expect(await userByEmail("boss@outside.test")).toMatchObject({ id: boss.id, oidcIssuer: null, oidcSubject: null });
  });

  it("links an existing e-mail account when the issuer verified the address, then finds it by iss and sub", async () => {
    const [existing] = await app.db
      .insert(users)
      .values({ email: "linked@outside.test", labelName: "Kept Records" })
      .returning();
    issuer.setAccount("sub-linked", { email: "linked@outside.test", email_verified: true });
    const first = await signInAs("sub-linked");
    expect((await first.agent.get("/api/auth/user").expect(200)).body).toMatchObject({
      id: existing.id,
      labelName: "Kept Records",
    });
    expect(logLines.some((l) => l.userId === existing.id && /linked an account/.test(String(l.msg)))).toBe(true);

    // The address changes at the issuer: the identity still finds the same account.
    issuer.setAccount("sub-linked", { email: "renamed@outside.test", email_verified: true });
    const second = await signInAs("sub-linked");
    const me = await second.agent.get("/api/auth/user").expect(200);
    expect(me.body).toMatchObject({ id: existing.id, email: "renamed@outside.test", labelName: "Kept Records" });
    expect(await userByEmail("linked@outside.test")).toBeUndefined();
  });

  it("grants ADMIN_EMAILS' role only to a verified address", async () => {
    issuer.setAccount("sub-chief", { email: "chief@outside.test", email_verified: false });
    expect((await signInAs("sub-chief")).location).toBe("/?signin=not-verified");
    expect(await userByEmail("chief@outside.test")).toBeUndefined();

    issuer.setAccount("sub-chief", { email: "chief@outside.test", email_verified: true });
    const { agent } = await signInAs("sub-chief");
    expect((await agent.get("/api/auth/user").expect(200)).body.role).toBe("admin");
    expect(await userByEmail("chief@outside.test")).toMatchObject({
      role: "admin",
      adminSource: "admin-emails",
      oidcSubject: "sub-chief",
    });
  });

  it("sends a cancelled sign-in back to the landing page with the reason", async () => {
    const agent = app.agent();
    const { finish } = await signInAtIssuer(issuer, { baseUrl: app.baseUrl, agent }, { cancel: true });
    const callback = await finish();
    expect(callback.headers.location).toBe("/?signin=cancelled");
    await agent.get("/api/auth/user").expect(401);
  });

  it("returns to the members' page the sign-in started from", async () => {
    issuer.setAccount("sub-returning", { email: "returning@outside.test", email_verified: true });
    expect((await signInAs("sub-returning", "/api/login?returnTo=%2Ftickets%3Ftab%3Dmine")).location).toBe(
      "/tickets?tab=mine",
    );
  });

  it("never returns to another site or a path outside the app's pages", async () => {
    issuer.setAccount("sub-redirected", { email: "redirected@outside.test", email_verified: true });
    for (const returnTo of [
      "//evil.example/x",
      "https://evil.example/",
      "/\\evil.example",
      "/%2F%2Fevil.example",
      "/api/logout",
      "/no-such-page",
      "javascript:alert(1)",
    ]) {
      const { location } = await signInAs("sub-redirected", `/api/login?returnTo=${encodeURIComponent(returnTo)}`);
      expect(location, returnTo).toBe("/");
    }
  });
});

describe("an issuer that puts the e-mail only in userinfo", () => {
  let userinfoIssuer: TestIssuer;
  let userinfoApp: TestApp;
  beforeAll(async () => {
    userinfoIssuer = await startTestIssuer({ claimsIn: "userinfo" });
    userinfoApp = await startTestApp({ env: userinfoIssuer.env, database: app.database });
    userinfoIssuer.trustApp(userinfoApp.baseUrl);
  });
  afterAll(async () => {
    await userinfoApp?.close();
    await userinfoIssuer?.stop();
  });

  async function signInThere(subject: string) {
    const agent = userinfoApp.agent();
    const { finish } = await signInAtIssuer(userinfoIssuer, { baseUrl: userinfoApp.baseUrl, agent }, { subject });
    return { agent, location: (await finish()).headers.location as string };
  }

  it("reads a verified e-mail from userinfo", async () => {
    userinfoIssuer.setAccount("ui-verified", { email: "userinfo@outside.test", email_verified: true });
    const { agent, location } = await signInThere("ui-verified");
    expect(location).toBe("/");
    expect((await agent.get("/api/auth/user").expect(200)).body.email).toBe("userinfo@outside.test");
  });

  it("refuses an unverified e-mail from userinfo", async () => {
    userinfoIssuer.setAccount("ui-unverified", { email: "ui-claimed@outside.test", email_verified: false });
    expect((await signInThere("ui-unverified")).location).toBe("/?signin=not-verified");
  });

  it("refuses when neither the ID token nor userinfo has an e-mail", async () => {
    userinfoIssuer.setAccount("ui-no-email", { name: "Nameless" });
    expect((await signInThere("ui-no-email")).location).toBe("/?signin=no-email");
  });
});

describe("when the issuer cannot be reached", () => {
  it("sends a sign-in whose token exchange fails back to the landing page as unreachable", async () => {
    const flaky = await startTestIssuer();
    const flakyApp = await startTestApp({ env: flaky.env, database: app.database });
    try {
      flaky.trustApp(flakyApp.baseUrl);
      flaky.setAccount("sub-flaky", { email: "flaky@outside.test", email_verified: true });
      const agent = flakyApp.agent();
      const { finish } = await signInAtIssuer(flaky, { baseUrl: flakyApp.baseUrl, agent }, { subject: "sub-flaky" });
      await flaky.stop();
      const callback = await finish();
      expect(callback.headers.location).toBe("/?signin=unreachable");
      await agent.get("/api/auth/user").expect(401);
    } finally {
      await flakyApp.close();
    }
  });

  it("answers /api/login with a readable page for a person and JSON for code", async () => {
    const down = await startTestApp({
      env: { OIDC_ISSUER_URL: "http://127.0.0.1:9/", OIDC_CLIENT_ID: "x", OIDC_CLIENT_SECRET: "y" },
      database: app.database,
    });
    try {
      const page = await down
        .agent()
        .get("/api/login")
        .set("Accept", "text/html,application/xhtml+xml,*/*;q=0.8")
        .expect(503);
      expect(page.headers["content-type"]).toMatch(/text\/html/);
      expect(page.text).toContain("<h1>Sign-in is unavailable</h1>");
      expect(page.text).toContain("Sign-in is unavailable right now. Please try again shortly.");
      expect(page.text).toContain('<a class="back" href="/">Back to the home page</a>');

      const api = await down.agent().get("/api/login").set("Accept", "application/json").expect(503);
      expect(api.body).toEqual({ message: "Sign-in is unavailable right now. Please try again shortly." });
    } finally {
      await down.close();
    }
  });
});
