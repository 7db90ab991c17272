import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { users } from "@shared/users.table";
import { sessions } from "@shared/users.table";
import { sessionCookieOf, startTestApp, type TestApp } from "../test/app-harness";
import { capturedQueries } from "../test/captured-queries";

let app: TestApp;

beforeAll(async () => {
  app = await startTestApp({ env: { ADMIN_EMAILS: "boss@label.test" } });
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

  it("signs a member in with role user, one user per e-mail whatever name is typed", async () => {
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
    const cookie = (
      signedIn as unknown as { jar: { getCookie(n: string, o: unknown): { value: string } } }
    ).jar.getCookie("label.sid", {
      domain: "127.0.0.1",
      path: "/",
      secure: false,
      script: false,
    });
    expect(cookie.value).not.toBe(before);
  });

  it("signs out with a POST to /api/logout: the session is destroyed and cannot be replayed", async () => {
    const agent = await app.signIn("leaver@example.test");
    await agent.get("/api/auth/user").expect(200);
    const cookieHeader = sessionCookieOf(agent);
    const countBefore = (await app.db.select().from(sessions)).length;
    const res = await agent.post("/api/logout").set("Origin", app.baseUrl).type("form").send("").expect(303);
    expect(res.headers.location).toBe("/");
    await agent.get("/api/auth/user").expect(401);
    expect((await app.db.select().from(sessions)).length).toBe(countBefore - 1);
    await app.agent().get("/api/auth/user").set("Cookie", cookieHeader).expect(401);
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

describe("signing out", () => {
  const asBrowser = "text/html,application/xhtml+xml,*/*;q=0.8";

  it("only asks at a plain GET /api/logout (an old link, another site), with a form that posts", async () => {
    const agent = await app.signIn("asked@example.test");
    const res = await agent.get("/api/logout").set("Accept", asBrowser).expect(200);
    expect(res.headers["content-type"]).toMatch(/text\/html/);
    expect(res.headers["cache-control"]).toBe("private, no-store");
    expect(res.text).toContain("<h1>Sign out?</h1>");
    expect(res.text).toContain(
      '<form method="post" action="/api/logout"><button type="submit">Sign out</button></form>',
    );
    expect(res.text).toContain('<a class="back" href="/">Back to the home page</a>');
    expect(res.text).toContain('<meta name="viewport" content="width=device-width, initial-scale=1">');
    // Still signed in.
    await agent.get("/api/auth/user").expect(200);
  });

  it("tells a signed-out visitor at GET /api/logout that they are signed out", async () => {
    const res = await app.agent().get("/api/logout").expect(200);
    expect(res.text).toContain("<h1>You are signed out</h1>");
    expect(res.text).not.toContain("<form");
  });

  it("refuses a sign-out posted by another site, with a page for a person, and keeps the session", async () => {
    const agent = await app.signIn("targeted@example.test");
    const res = await agent
      .post("/api/logout")
      .set("Origin", "https://evil.example")
      .set("Accept", asBrowser)
      .type("form")
      .send("")
      .expect(403);
    expect(res.text).toContain("<h1>Request refused</h1>");
    expect(res.text).toContain("Cross-site request refused");
    await agent.post("/api/logout").set("Sec-Fetch-Site", "cross-site").type("form").send("").expect(403);
    await agent.get("/api/auth/user").expect(200);
  });
});

describe("sign-in limit", () => {
  it("answers a person's blocked /api/login with a readable page, and code with JSON", async () => {
    // Its own database: the counters are shared by every app on one database.
    const limited = await startTestApp({ env: { SIGNIN_RATE_LIMIT: "1" } });
    try {
      await limited.agent().get("/api/login").expect(302);
      const page = await limited
        .agent()
        .get("/api/login")
        .set("Sec-Fetch-Mode", "navigate")
        .set("Accept", "text/html")
        .expect(429);
      expect(page.headers["content-type"]).toMatch(/text\/html/);
      expect(page.headers["retry-after"]).toBe("900");
      expect(page.text).toContain("<h1>Too many sign-in attempts</h1>");
      expect(page.text).toContain("Too many sign-in attempts. Please wait a few minutes and try again.");
      expect(page.text).toContain('href="/"');

      const api = await limited.agent().get("/api/login").set("Accept", "application/json").expect(429);
      expect(api.body).toEqual({ message: "Too many sign-in attempts. Please wait a few minutes and try again." });
    } finally {
      await limited.close();
    }
  });
});

describe("GET /api/auth/user", () => {
  it("answers with the user's public fields only, never the sign-in identity or where a role came from", async () => {
    const agent = await app.signIn("public.shape@label.test", "Pat Shape");
    const res = await agent.get("/api/auth/user").expect(200);
    expect(Object.keys(res.body).sort()).toEqual([
      "email",
      "firstName",
      "id",
      "labelContactEmail",
      "labelContactPhone",
      "labelLogoUrl",
      "labelName",
      "labelPostalAddress",
      "labelReturnAddress",
      "lastName",
      "profileImageUrl",
      "role",
    ]);
    expect(res.body).toMatchObject({ email: "public.shape@label.test", role: "user" });
  });
});
