import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { users } from "@shared/users";
import { sessions } from "@shared/users";
import { startTestApp, type TestApp } from "../test/app-harness";
import { capturedQueries } from "../test/captured-queries";

let app: TestApp;

beforeAll(async () => {
  app = await startTestApp({ env: { ADMIN_EMAILS: "boss@label.test", MASTER_CODE: "open-sesame-42" } });
});
afterAll(() => app?.close());

describe("sign-in through the built-in provider", () => {
  it("answers 401 with a message when signed out", async () => {
    const res = await app.agent().get("/api/auth/user").expect(401);
    expect(res.body).toEqual({ message: expect.any(String) });
  });

  it("starts at /api/login with a PKCE authorization request to /oidc", async () => {
    const res = await app.agent().get("/api/login").expect(302);
    const location = new URL(res.headers.location);
    expect(location.pathname).toBe("/oidc/auth");
    expect(location.searchParams.get("code_challenge_method")).toBe("S256");
    expect(location.searchParams.get("prompt")).toBe("login");
    expect(location.searchParams.get("redirect_uri")).toBe(`${app.baseUrl}/api/callback`);
  });

  it("shows a sign-in page with Email, Name and Sign in", async () => {
    const agent = app.agent();
    const login = await agent.get("/api/login");
    let res = await agent.get(login.headers.location.replace(app.baseUrl, ""));
    while (res.status >= 300 && res.status < 400) res = await agent.get(res.headers.location.replace(app.baseUrl, ""));
    expect(res.status).toBe(200);
    expect(res.text).toContain('<label for="email">Email</label>');
    expect(res.text).toMatch(/name="email"/);
    expect(res.text).toMatch(/name="name"/);
    expect(res.text).toMatch(/<button type="submit">Sign in<\/button>/);
  });

  it("signs a member in, upserting the user by e-mail with role user", async () => {
    const agent = await app.signIn("Fan@Example.test", "Jamie Fan");
    const res = await agent.get("/api/auth/user").expect(200);
    expect(res.body).toMatchObject({ email: "fan@example.test", firstName: "Jamie", lastName: "Fan", role: "user" });
    await app.signIn("fan@example.test");
    const rows = await app.db.select().from(users).where(eq(users.email, "fan@example.test"));
    expect(rows).toHaveLength(1);
    expect(rows[0].firstName).toBe("Jamie");
  });

  it("grants admin to ADMIN_EMAILS addresses", async () => {
    const agent = await app.signIn("boss@label.test", "Label Boss");
    const res = await agent.get("/api/auth/user").expect(200);
    expect(res.body.role).toBe("admin");
  });

  it("sets an HttpOnly, SameSite=Lax session cookie and a new session id at sign-in", async () => {
    const agent = app.agent();
    const login = await agent.get("/api/login");
    const before = /label\.sid=([^;]+)/.exec(String(login.headers["set-cookie"]))?.[1];
    expect(before).toBeTruthy();
    expect(String(login.headers["set-cookie"])).toMatch(/HttpOnly/);
    expect(String(login.headers["set-cookie"])).toMatch(/SameSite=Lax/);

    const signedIn = await app.signIn("rotate@example.test");
    const cookie = (signedIn as unknown as { jar: { getCookie(n: string, o: unknown): { value: string } } }).jar.getCookie("label.sid", {
      domain: "127.0.0.1",
      path: "/",
      secure: false,
      script: false,
    });
    expect(cookie.value).not.toBe(before);
  });

  it("signs out at /api/logout: the session is destroyed and cannot be replayed", async () => {
    const agent = await app.signIn("leaver@example.test");
    const cookieHeader = await agent.get("/api/auth/user").expect(200).then((r) => r.request.getHeader?.("Cookie"));
    const countBefore = (await app.db.select().from(sessions)).length;
    const res = await agent.get("/api/logout").expect(302);
    expect(res.headers.location).toBe("/");
    await agent.get("/api/auth/user").expect(401);
    expect((await app.db.select().from(sessions)).length).toBe(countBefore - 1);
    if (cookieHeader) await app.agent().get("/api/auth/user").set("Cookie", String(cookieHeader)).expect(401);
  });

  it("reads the user with the session on every request: a role change or a removed user applies at once", async () => {
    const agent = await app.signIn("promoted@example.test");
    expect((await agent.get("/api/auth/user").expect(200)).body.role).toBe("user");
    await app.db.update(users).set({ role: "admin" }).where(eq(users.email, "promoted@example.test"));
    expect((await agent.get("/api/auth/user").expect(200)).body.role).toBe("admin");
    await app.db.delete(users).where(eq(users.email, "promoted@example.test"));
    await agent.get("/api/auth/user").expect(401);
  });

  it("does not write the session row on a read (no touch), so reads cost one query", async () => {
    const agent = await app.signIn("reader@example.test");
    const before = await app.db.select().from(sessions);
    const statements = await capturedQueries(app.database.pool, () => agent.get("/api/auth/user").expect(200));
    expect(statements).toHaveLength(1);
    expect(statements[0]).toMatch(/from "sessions" left join "users"/);
    expect(await app.db.select().from(sessions)).toEqual(before);
  });

  it("rejects a bad e-mail on the sign-in page without signing in", async () => {
    const agent = app.agent();
    const login = await agent.get("/api/login");
    let res = await agent.get(login.headers.location.replace(app.baseUrl, ""));
    while (res.status >= 300 && res.status < 400) res = await agent.get(res.headers.location.replace(app.baseUrl, ""));
    const action = /action="([^"]+)"/.exec(res.text)![1];
    const bad = await agent.post(action).type("form").send({ email: "not-an-email" });
    expect(bad.status).toBe(400);
    expect(bad.text).toContain("Enter a valid email address");
    await agent.get("/api/auth/user").expect(401);
  });
});

describe("master code", () => {
  it("is for signed-in users only", async () => {
    await app.agent().post("/api/auth/master-code").send({ code: "open-sesame-42" }).expect(401);
  });

  it("refuses a wrong code with 403 and makes the user admin with the right one", async () => {
    const agent = await app.signIn("climber@example.test");
    const wrong = await agent.post("/api/auth/master-code").send({ code: "guess" }).expect(403);
    expect(wrong.body.message).toMatch(/not correct/);
    expect((await agent.get("/api/auth/user")).body.role).toBe("user");
    const right = await agent.post("/api/auth/master-code").send({ code: "open-sesame-42" }).expect(200);
    expect(right.body.role).toBe("admin");
  });

  it("locks after five wrong attempts in a session", async () => {
    const agent = await app.signIn("bruteforce@example.test");
    for (let i = 0; i < 5; i++) await agent.post("/api/auth/master-code").send({ code: `wrong-${i}` }).expect(403);
    const locked = await agent.post("/api/auth/master-code").send({ code: "open-sesame-42" }).expect(429);
    expect(locked.body.message).toMatch(/Too many attempts/);
    expect((await agent.get("/api/auth/user")).body.role).toBe("user");
  });

  it("validates the body", async () => {
    const agent = await app.signIn("validator@example.test");
    const res = await agent.post("/api/auth/master-code").send({ code: 42 }).expect(400);
    expect(res.body.fieldErrors.code).toBeDefined();
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
