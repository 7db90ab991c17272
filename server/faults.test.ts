import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { spawn } from "node:child_process";
import http from "node:http";
import net from "node:net";
import crypto from "node:crypto";
import { eq } from "drizzle-orm";
import { users } from "@shared/users.table";
import { events } from "@shared/events.table";
import { ticketPurchases } from "@shared/tickets.table";
import { connectDatabase } from "./db/database";
import { createTestDatabase, type TestDatabase } from "./test/database";
import { startTestApp, type TestApp } from "./test/app-harness";
import { startTcpProxy } from "./test/tcp-proxy";

const sessionCookie = (agent: unknown) =>
  (agent as { jar: { getCookie(name: string, opts: object): { value: string } | undefined } }).jar.getCookie(
    "label.sid",
    {
      domain: "127.0.0.1",
      path: "/",
      secure: false,
      script: false,
    },
  )?.value;

describe("two app instances on one PostgreSQL", () => {
  let a: TestApp;
  let b: TestApp;
  beforeAll(async () => {
    const env = { SESSION_SECRET: crypto.randomBytes(32).toString("hex") };
    a = await startTestApp({ env });
    b = await startTestApp({ env, database: a.database });
  });
  afterAll(async () => {
    await b?.close();
    await a?.close();
  });

  it("a user signed in through one instance is signed in on the other", async () => {
    const agent = await a.signIn("roaming@fan.test", "Roaming Fan");
    const cookie = sessionCookie(agent);
    expect(cookie).toBeTruthy();
    const res = await b.agent().get("/api/auth/user").set("Cookie", `label.sid=${cookie}`).expect(200);
    expect(res.body.email).toBe("roaming@fan.test");
  });

  it("never oversells when purchases are split across both instances", async () => {
    const admin = await a.signIn("split-admin@label.test");
    await a.db.update(users).set({ role: "admin" }).where(eq(users.email, "split-admin@label.test"));
    const event = await admin
      .post("/api/events")
      .send({
        name: "Split Night",
        artist: "Twin Set",
        venue: "Both Halls",
        date: "2031-01-01",
        time: "20:00",
        totalTickets: 30,
        ticketPrice: "15.00",
        status: "on-sale",
      })
      .expect(201);
    const buyers = await Promise.all(Array.from({ length: 6 }, (_, i) => a.signIn(`split-buyer-${i}@fan.test`)));
    const cookies = buyers.map(sessionCookie);
    const answers = await Promise.all(
      Array.from({ length: 120 }, (_, i) =>
        (i % 2 ? b : a)
          .agent()
          .post("/api/tickets")
          .set("Cookie", `label.sid=${cookies[i % cookies.length]}`)
          .send({ eventId: event.body.id, quantity: 1 + (i % 3) }),
      ),
    );
    const sold = answers.filter((r) => r.status === 201).reduce((sum, r) => sum + r.body.quantity, 0);
    expect(answers.every((r) => r.status === 201 || r.status === 409)).toBe(true);
    const [row] = await a.db.select().from(events).where(eq(events.id, event.body.id));
    expect(sold + row.availableTickets).toBe(30);
    expect(row.availableTickets).toBeGreaterThanOrEqual(0);
    const purchases = await a.db.select().from(ticketPurchases).where(eq(ticketPurchases.eventId, event.body.id));
    expect(purchases.reduce((sum, p) => sum + p.quantity, 0)).toBe(sold);
  });
});

describe("the database going away", () => {
  let database: TestDatabase;
  let proxy: Awaited<ReturnType<typeof startTcpProxy>>;
  let app: TestApp;
  beforeAll(async () => {
    database = await createTestDatabase();
    const target = new URL(database.url);
    proxy = await startTcpProxy({ host: target.hostname, port: Number(target.port || 5432) });
    const viaProxy = new URL(database.url);
    viaProxy.hostname = "127.0.0.1";
    viaProxy.port = String(proxy.port);
    const handle = connectDatabase(viaProxy.toString());
    app = await startTestApp({
      database: { ...database, db: handle.db, pool: handle.pool, drop: async () => undefined },
    });
  });
  afterAll(async () => {
    await app?.close();
    await proxy?.close();
    await database?.drop();
  });

  it("answers 503 with a clear message while it is gone, and recovers without a restart", async () => {
    const agent = await app.signIn("steady@fan.test");
    await agent.get("/api/auth/user").expect(200);

    await proxy.cut();
    const down = await agent.get("/api/auth/user");
    expect(down.status).toBe(503);
    expect(down.body.message).toBe("The service is temporarily unavailable. Please try again shortly.");
    const health = await app.agent().get("/api/health").expect(503);
    expect(health.body).toMatchObject({ database: "down", message: expect.any(String) });

    await proxy.restore();
    const back = await agent.get("/api/auth/user").expect(200);
    expect(back.body.email).toBe("steady@fan.test");
    await app.agent().get("/api/health").expect(200);
  });
});

describe("SIGTERM", () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database?.drop());

  it("lets a request in flight finish, refuses new connections, and exits cleanly", async () => {
    const port = await new Promise<number>((resolve) => {
      const s = net.createServer().listen(0, "127.0.0.1", () => {
        const p = (s.address() as net.AddressInfo).port;
        s.close(() => resolve(p));
      });
    });
    const child = spawn(process.execPath, ["--import", "tsx", "server/index.ts"], {
      env: {
        ...process.env,
        NODE_ENV: "test",
        PORT: String(port),
        DATABASE_URL: database.url,
        DATA_DIR: `/tmp/label-sigterm-${port}`,
        LOG_LEVEL: "silent",
      },
      stdio: "ignore",
    });
    const exit = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
    for (let i = 0; i < 100; i++) {
      const ok = await fetch(`http://127.0.0.1:${port}/api/health`).then(
        (r) => r.ok,
        () => false,
      );
      if (ok) break;
      await new Promise((r) => setTimeout(r, 200));
    }

    // A request whose body is still arriving when the signal comes.
    const inFlight = new Promise<number>((resolve, reject) => {
      const req = http.request(
        {
          host: "127.0.0.1",
          port,
          method: "POST",
          path: "/api/auth/master-code",
          headers: { "Content-Type": "application/json", "Content-Length": 15 },
        },
        (res) => {
          res.resume();
          res.on("end", () => resolve(res.statusCode!));
        },
      );
      req.on("error", reject);
      req.write('{"code":');
      setTimeout(() => req.end('"late"}'), 700);
    });
    await new Promise((r) => setTimeout(r, 200));
    const signalled = Date.now();
    child.kill("SIGTERM");
    await new Promise((r) => setTimeout(r, 200));
    const refused = await fetch(`http://127.0.0.1:${port}/api/health`).then(
      () => false,
      () => true,
    );

    expect(await inFlight).toBe(401);
    expect(refused).toBe(true);
    expect(await exit).toBe(0);
    // The background workers stop within the same grace period as the requests.
    expect(Date.now() - signalled).toBeLessThan(8000);
  });
});
