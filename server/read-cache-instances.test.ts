import crypto from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import pg from "pg";
import { connectDatabase } from "./db/database";
import { LISTENER_NAME } from "./lib/cache-notifications";
import { createTestDatabase, type TestDatabase } from "./test/database";
import { sessionCookieOf, startTestApp, type Agent, type TestApp } from "./test/app-harness";
import { startTcpProxy } from "./test/tcp-proxy";

const ADMIN = "cache-admin@label.test";
const CACHED = { ADMIN_EMAILS: ADMIN, READ_CACHE_TTL_MS: "60000" };
const tourDate = { artistName: "First Name", date: "2031-02-01", time: "20:00", location: "Hall One" };

/** `announce: false` turns the triggers off for this session: only a cache miss shows that change. */
async function sql(url: string, text: string, values: unknown[] = [], { announce = true } = {}) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    if (!announce) await client.query("set session_replication_role = replica");
    return (await client.query(text, values)).rows;
  } finally {
    await client.end();
  }
}

/** Until `count` instances listen on this database (their connections are named). */
async function listeners(url: string, count: number) {
  for (let i = 0; i < 200; i++) {
    const [row] = await sql(
      url,
      "select count(*)::int as n from pg_stat_activity where datname = current_database() and application_name = $1 and query like 'LISTEN%'",
      [LISTENER_NAME],
    );
    if (row.n === count) return new Promise((r) => setTimeout(r, 50));
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`${count} cache listeners never showed up`);
}

const artistOn = async (app: TestApp) =>
  ((await app.agent().get("/api/tour-dates").expect(200)).body as Array<{ artistName: string }>)[0]?.artistName;

/**
 * How long after now `app` first answered with `expected`: the time from the change to the
 * start of the first request that saw it, so a loaded machine's own request latency is not
 * counted as the cache's. Fails once no request started within `ms` saw it.
 */
async function within(ms: number, app: TestApp, expected: string) {
  return until(
    ms,
    async () => (await artistOn(app)) === expected,
    () => `${expected} not shown within ${ms} ms`,
  );
}

async function until(ms: number, seen: () => Promise<boolean>, failure: () => string) {
  const changed = Date.now();
  for (;;) {
    const asked = Date.now();
    if (asked - changed > ms) throw new Error(failure());
    if (await seen()) return asked - changed;
    await new Promise((r) => setTimeout(r, 5));
  }
}

describe("read caches on two instances", () => {
  let a: TestApp;
  let b: TestApp;
  let admin: Agent;
  let id: string;
  beforeAll(async () => {
    const env = { ...CACHED, SESSION_SECRET: crypto.randomBytes(32).toString("hex") };
    a = await startTestApp({ env });
    b = await startTestApp({ env, database: a.database });
    admin = await a.signIn(ADMIN);
    id = (await admin.post("/api/tour-dates").send(tourDate).expect(201)).body.id;
    // Each instance starts listening at its first cached read.
    await Promise.all([artistOn(a), artistOn(b)]);
    await listeners(a.database.url, 2);
  });
  afterAll(async () => {
    await b?.close();
    await a?.close();
  });

  it("keeps a copy: a change PostgreSQL does not announce is not shown", async () => {
    expect(await artistOn(b)).toBe("First Name");
    await sql(a.database.url, "update tour_dates set artist_name = 'Unannounced' where id = $1", [id], {
      announce: false,
    });
    expect(await artistOn(b)).toBe("First Name");
  });

  it("shows a write through the other instance within 250 ms", async () => {
    expect(await artistOn(b)).toBe("First Name");
    await admin
      .put(`/api/tour-dates/${id}`)
      .send({ ...tourDate, artistName: "Written On A" })
      .expect(200);
    expect(await within(250, b, "Written On A")).toBeLessThan(250);
  });

  it("shows an UPDATE typed straight in SQL within 250 ms, on both", async () => {
    expect(await artistOn(a)).toBe("Written On A");
    await sql(a.database.url, "update tour_dates set artist_name = 'Typed In SQL' where id = $1", [id]);
    expect(await within(250, b, "Typed In SQL")).toBeLessThan(250);
    expect(await within(250, a, "Typed In SQL")).toBeLessThan(250);
  });

  it("listens again after the database closed its connection, dropping what it missed", async () => {
    await sql(
      a.database.url,
      "select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and application_name = $1",
      [LISTENER_NAME],
    );
    await listeners(a.database.url, 2);
    await sql(a.database.url, "update tour_dates set artist_name = 'After Restart' where id = $1", [id]);
    expect(await within(250, b, "After Restart")).toBeLessThan(250);
  });

  it("keeps a member's session in memory; a role change and a sign-out on one instance apply on the other at once", async () => {
    const member = await a.signIn("roaming-member@label.test");
    const cookie = sessionCookieOf(member);
    const userOn = (app: TestApp) => app.agent().get("/api/auth/user").set("Cookie", cookie);
    expect((await userOn(b).expect(200)).body.role).toBe("user");
    // The sign-in's own changes may still be on their way to b; a read after them is kept.
    await new Promise((r) => setTimeout(r, 100));
    await userOn(b).expect(200);
    // Unannounced, the change is not seen: the session and its user come from memory.
    await sql(a.database.url, "update users set role = 'admin' where email = $1", ["roaming-member@label.test"], {
      announce: false,
    });
    expect((await userOn(b).expect(200)).body.role).toBe("user");
    await sql(a.database.url, "update users set role = 'admin' where email = $1", ["roaming-member@label.test"]);
    await until(
      250,
      async () => (await userOn(b)).body.role === "admin",
      () => "the role change was not seen within 250 ms",
    );

    await member.post("/api/logout").set("Origin", a.baseUrl).type("form").send("").expect(303);
    await until(
      250,
      async () => (await userOn(b)).status === 401,
      () => "the signed-out session was still let in after 250 ms",
    );
    await userOn(a).expect(401);
  });
});

describe("members' lists answered before the stack", () => {
  let a: TestApp;
  let b: TestApp;
  /** Headers that describe one answer's framing or identity, not what the route sends. */
  const PER_ANSWER = ["date", "connection", "keep-alive", "content-length", "transfer-encoding", "x-request-id"];
  const routeHeaders = (headers: Record<string, string>) =>
    Object.fromEntries(Object.entries(headers).filter(([name]) => !PER_ANSWER.includes(name)));

  beforeAll(async () => {
    const env = { ...CACHED, SESSION_SECRET: crypto.randomBytes(32).toString("hex") };
    a = await startTestApp({ env });
    b = await startTestApp({ env, database: a.database });
    await Promise.all([artistOn(a), artistOn(b)]);
    await listeners(a.database.url, 2);
  });
  afterAll(async () => {
    await b?.close();
    await a?.close();
  });

  /** GET /api/events on `app` with the cookie, and whether the fast path answered it. */
  async function eventsOn(app: TestApp, cookie: string) {
    const before = app.fastAnswers();
    const res = await app.agent().get("/api/events").set("Cookie", cookie).set("Accept-Encoding", "identity");
    return { res, fast: app.fastAnswers() > before };
  }

  it("answers a verified member's request from memory with the normal path's headers, and never anyone else's", async () => {
    const member = await a.signIn("fast-member@label.test");
    const cookie = sessionCookieOf(member);
    // The first answer on b reads the session and the list and teaches the fast path; the sign-in's
    // own changes may still be on their way, so ask until a request is answered from memory.
    const normal = await eventsOn(b, cookie);
    expect([normal.res.status, normal.fast]).toEqual([200, false]);
    let fast = await eventsOn(b, cookie);
    for (let i = 0; i < 50 && !fast.fast; i++) {
      await new Promise((r) => setTimeout(r, 10));
      fast = await eventsOn(b, cookie);
    }
    expect(fast.fast).toBe(true);
    expect(fast.res.status).toBe(200);
    expect(fast.res.text).toBe(normal.res.text);
    expect(routeHeaders(fast.res.headers)).toEqual(routeHeaders(normal.res.headers));
    expect(fast.res.headers["cache-control"]).toBe("private, no-cache");
    expect(fast.res.headers["set-cookie"]).toBeUndefined();

    // No cookie, a cookie whose signature is not this server's, an unknown session: Express's guard.
    const sid = decodeURIComponent(cookie.slice("label.sid=".length)).slice(2).split(".")[0];
    for (const other of ["", `label.sid=${encodeURIComponent(`s:${sid}.forged`)}`, "label.sid=s%3Anope.nope"]) {
      const answer = await eventsOn(b, other);
      expect([answer.res.status, answer.fast]).toEqual([401, false]);
    }

    // Signed out on a: b refuses at once, without serving one more list from memory.
    await member.post("/api/logout").set("Origin", a.baseUrl).type("form").send("").expect(303);
    await until(
      250,
      async () => (await eventsOn(b, cookie)).res.status === 401,
      () => "the signed-out session was still served the members' list after 250 ms",
    );
  });
});

describe("a read cache whose database goes away", () => {
  let database: TestDatabase;
  let proxy: Awaited<ReturnType<typeof startTcpProxy>>;
  let app: TestApp;
  let id: string;
  beforeAll(async () => {
    database = await createTestDatabase();
    const target = new URL(database.url);
    proxy = await startTcpProxy({ host: target.hostname, port: Number(target.port || 5432) });
    const viaProxy = new URL(database.url);
    viaProxy.hostname = "127.0.0.1";
    viaProxy.port = String(proxy.port);
    const handle = connectDatabase(viaProxy.toString());
    app = await startTestApp({
      env: CACHED,
      database: { ...database, db: handle.db, pool: handle.pool, drop: async () => undefined },
    });
    [{ id }] = await sql(
      database.url,
      "insert into tour_dates (artist_name, date, time, location) values ('Before', '2031-01-01', '20:00', 'Hall') returning id",
    );
    await artistOn(app);
    await listeners(database.url, 1);
  });
  afterAll(async () => {
    await app?.close();
    await proxy?.close();
    await database?.drop();
  });

  it("serves nothing from memory while cut off, and listens again once the database is back", async () => {
    expect(await artistOn(app)).toBe("Before");
    await proxy.cut();
    // Changed while the instance cannot hear about it; its copy must not be served.
    await sql(database.url, "update tour_dates set artist_name = 'Missed' where id = $1", [id]);
    await app.agent().get("/api/tour-dates").expect(503);
    await proxy.restore();
    await within(10_000, app, "Missed");
    await listeners(database.url, 1);
    await sql(database.url, "update tour_dates set artist_name = 'Heard Again' where id = $1", [id]);
    expect(await within(250, app, "Heard Again")).toBeLessThan(250);
  });
});
