import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { users } from "@shared/users.table";
import { createTestDatabase, type TestDatabase } from "../test/database";
import { sessionCookieOf, startTestApp } from "../test/app-harness";

// Roles follow the configuration: each test starts the app as a deploy would, on one database.
let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database?.drop());

async function withApp<T>(
  env: Record<string, string>,
  run: (app: Awaited<ReturnType<typeof startTestApp>>) => Promise<T>,
) {
  // One session secret for every start, as several deploys of one app would share.
  const app = await startTestApp({
    env: { SESSION_SECRET: "roles-test-session-secret-of-32-chars-or-more", ...env },
    database,
  });
  try {
    return await run(app);
  } finally {
    await app.close();
  }
}

const roleAfterSignIn = (env: Record<string, string>, email: string) =>
  withApp(env, async (app) => (await (await app.signIn(email)).get("/api/auth/user").expect(200)).body.role as string);

const row = async (email: string) => (await database.db.select().from(users).where(eq(users.email, email)))[0];

describe("roles follow ADMIN_EMAILS", () => {
  it("takes back ADMIN_EMAILS' role at the next sign-in once the address leaves the list", async () => {
    expect(await roleAfterSignIn({ ADMIN_EMAILS: "leaving@label.test" }, "leaving@label.test")).toBe("admin");
    expect(await row("leaving@label.test")).toMatchObject({ role: "admin", adminSource: "admin-emails" });

    expect(await roleAfterSignIn({ ADMIN_EMAILS: "someone-else@label.test" }, "leaving@label.test")).toBe("user");
    expect(await row("leaving@label.test")).toMatchObject({ role: "user", adminSource: null });
  });

  it("keeps a master-code grant when the address is not (or no longer) listed", async () => {
    await withApp({ MASTER_CODE: "code-for-roles" }, async (app) => {
      const agent = await app.signIn("coded@label.test");
      await agent.post("/api/auth/master-code").send({ code: "code-for-roles" }).expect(200);
    });
    expect(await roleAfterSignIn({}, "coded@label.test")).toBe("admin");
    // Listed, then unlisted: the master code's grant is still what made them admin.
    expect(await roleAfterSignIn({ ADMIN_EMAILS: "coded@label.test" }, "coded@label.test")).toBe("admin");
    expect(await roleAfterSignIn({}, "coded@label.test")).toBe("admin");
    expect(await row("coded@label.test")).toMatchObject({ role: "admin", adminSource: "master-code" });
  });

  it("leaves an administrator made by hand alone", async () => {
    await roleAfterSignIn({}, "by-hand@label.test");
    await database.db.update(users).set({ role: "admin" }).where(eq(users.email, "by-hand@label.test"));
    expect(await roleAfterSignIn({ ADMIN_EMAILS: "other@label.test" }, "by-hand@label.test")).toBe("admin");
  });

  it("applies the demotion to the user's other sessions at once", async () => {
    const stale = await withApp({ ADMIN_EMAILS: "two-devices@label.test" }, async (app) => {
      const agent = await app.signIn("two-devices@label.test");
      expect((await agent.get("/api/auth/user").expect(200)).body.role).toBe("admin");
      return sessionCookieOf(agent);
    });
    await withApp({}, async (app) => {
      await app.signIn("two-devices@label.test");
      const other = await app.agent().get("/api/auth/user").set("Cookie", stale).expect(200);
      expect(other.body.role).toBe("user");
    });
  });
});
