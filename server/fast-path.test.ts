import crypto from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApp, type CreatedApp } from "./app";
import { loadConfig } from "./config";
import { generateLocalSecrets } from "./lib/secrets";
import { captureLogger } from "./test/capture-logger";
import { createTestDatabase, type TestDatabase } from "./test/database";

/** Headers that describe one answer's framing or identity, not what the route sends. */
const PER_ANSWER = ["date", "connection", "keep-alive", "content-length", "transfer-encoding", "x-request-id"];

let database: TestDatabase;
let created: CreatedApp;
let server: http.Server;
let baseUrl: string;
/** Which path answered each request: Express gives every response it handles its own prototype. */
const paths: string[] = [];
const logs = captureLogger("info");

beforeAll(async () => {
  database = await createTestDatabase();
  server = http.createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const config = loadConfig({
    NODE_ENV: "production",
    APP_URL: baseUrl,
    SESSION_SECRET: crypto.randomBytes(32).toString("hex"),
    ALLOW_BUILTIN_LOGIN: "true",
    READ_CACHE_TTL_MS: "60000",
  });
  created = createApp({
    config,
    db: database.db,
    pool: database.pool,
    logger: logs.logger,
    secrets: generateLocalSecrets(),
  });
  server.on("request", (req, res) => {
    created.app(req, res);
    paths.push(Object.getPrototypeOf(res) === created.app.response ? "express" : "fast");
  });
  const rows = Array.from(
    { length: 30 },
    (_, i) =>
      `('Artist ${i}', '2031-01-${String(i + 1).padStart(2, "0")}', '20:00', 'A hall with a long enough name ${i}')`,
  );
  await database.pool.query(`insert into tour_dates (artist_name, date, time, location) values ${rows.join(",")}`);
  // Until this instance listens (from its first cached read), every read goes through Express.
  await fetch(`${baseUrl}/api/tour-dates`);
  for (
    let i = 0;
    i < 100 &&
    (
      await database.pool.query(
        "select count(*)::int as n from pg_stat_activity where datname = current_database() and application_name = 'label-cache-listener'",
      )
    ).rows[0].n === 0;
    i++
  ) {
    await new Promise((r) => setTimeout(r, 50));
  }
  await new Promise((r) => setTimeout(r, 100));
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  await created?.close();
  await database?.drop();
});

async function get(path: string, headers: Record<string, string> = {}) {
  const res = await fetch(baseUrl + path, { headers: { "accept-encoding": "identity", ...headers } });
  return {
    status: res.status,
    headers: Object.fromEntries(res.headers),
    body: Buffer.from(await res.arrayBuffer()),
    path: paths.at(-1),
  };
}

const routeHeaders = (headers: Record<string, string>) =>
  Object.fromEntries(Object.entries(headers).filter(([name]) => !PER_ANSWER.includes(name)));

/** A request Express answers: once the list's copy is dropped (an announced no-op change), the next miss goes there. */
async function viaExpress(path: string, headers: Record<string, string>) {
  await database.pool.query("update tour_dates set time = time where false");
  // The notification's trip; a request before it arrives could be the fast path's.
  await new Promise((r) => setTimeout(r, 100));
  for (let i = 0; i < 50; i++) {
    const answer = await get(path, headers);
    if (answer.path === "express") return answer;
    await new Promise((r) => setTimeout(r, 10));
  }
  throw new Error("the fast path kept answering after the list changed");
}

/** The same request answered by Express, then by the fast path. */
async function bothPaths(path: string, headers: Record<string, string> = {}) {
  const normal = await viaExpress(path, headers);
  const fast = await get(path, headers);
  expect([normal.path, fast.path]).toEqual(["express", "fast"]);
  // Name by name and value by value, except the framing (a compressed answer's length is
  // known up front on the fast path, streamed on the normal one) and the request's own id.
  expect(Object.keys(routeHeaders(fast.headers)).sort()).toEqual(Object.keys(routeHeaders(normal.headers)).sort());
  expect(routeHeaders(fast.headers)).toEqual(routeHeaders(normal.headers));
  expect(fast.headers["x-request-id"] && normal.headers["x-request-id"]).toBeTruthy();
  expect(fast.status).toBe(normal.status);
  return { normal, fast };
}

describe("the fast path for hot public lists", () => {
  it("answers with exactly the headers the normal path sends, name by name", async () => {
    const { normal, fast } = await bothPaths("/api/tour-dates");
    expect(fast.body.equals(normal.body)).toBe(true);
    expect(normal.headers["content-security-policy"]).toBe("default-src 'none';frame-ancestors 'none'");
    expect(normal.headers["x-content-type-options"]).toBe("nosniff");
    expect(normal.headers["strict-transport-security"]).toBeUndefined();
    expect(fast.headers["x-request-id"]).toMatch(/^[\w-]+$/);
    expect(fast.headers["x-request-id"]).not.toBe(normal.headers["x-request-id"]);
  });

  it("adds HSTS over HTTPS, as the normal path does behind the proxy", async () => {
    const { fast } = await bothPaths("/api/tour-dates", { "x-forwarded-proto": "https" });
    expect(fast.headers["strict-transport-security"]).toBe("max-age=31536000; includeSubDomains");
  });

  it("compresses as the normal path does, and answers If-None-Match with the same 304", async () => {
    for (const encoding of ["gzip", "br"]) {
      const { normal, fast } = await bothPaths("/api/tour-dates", { "accept-encoding": `${encoding}, deflate` });
      expect(fast.headers["content-encoding"]).toBe(encoding);
      // fetch has decoded both bodies by the header they came with.
      expect(fast.body.equals(normal.body)).toBe(true);
      expect(JSON.parse(fast.body.toString())).toHaveLength(30);
    }
    const etag = (await get("/api/tour-dates")).headers.etag;
    const { fast } = await bothPaths("/api/tour-dates", { "if-none-match": etag });
    expect(fast.status).toBe(304);
  });

  it("sends Brotli to a browser that accepts gzip and br alike, on both paths", async () => {
    const { normal, fast } = await bothPaths("/api/tour-dates", { "accept-encoding": "gzip, deflate, br, zstd" });
    expect([normal.headers["content-encoding"], fast.headers["content-encoding"]]).toEqual(["br", "br"]);
  });

  it("is never stale: a change in SQL sends the next request through Express to the database", async () => {
    await get("/api/tour-dates");
    await database.pool.query("update tour_dates set artist_name = 'Changed' where artist_name = 'Artist 0'");
    let seen = "";
    for (let i = 0; i < 50 && seen !== "Changed"; i++) {
      seen = JSON.parse((await get("/api/tour-dates")).body.toString())[0].artistName;
      if (seen !== "Changed") await new Promise((r) => setTimeout(r, 10));
    }
    expect(seen).toBe("Changed");
    expect(paths.at(-1)).toBe("express");
    expect((await get("/api/tour-dates")).path).toBe("fast");
  });

  it("leaves a request with a query string to Express, which checks it", async () => {
    await get("/api/tour-dates");
    expect((await get("/api/tour-dates")).path).toBe("fast");
    const hostile = await get("/api/tour-dates?q=%00");
    expect([hostile.path, hostile.status]).toEqual(["express", 400]);
  });

  it("logs one line per answer, like the request log", async () => {
    const before = logs.lines.length;
    expect((await get("/api/tour-dates")).path).toBe("fast");
    const line = logs.lines.slice(before).find((l) => l.msg === "request completed");
    expect(line).toMatchObject({ req: { method: "GET", url: "/api/tour-dates" }, res: { statusCode: 200 } });
  });

  it("answers a show's page data per show, never stale, and keeps nothing for unknown ids", async () => {
    const { rows } = await database.pool.query("select id from tour_dates where artist_name = 'Artist 5'");
    const path = `/api/shows/${rows[0].id}`;
    const { normal, fast } = await bothPaths(path);
    expect(JSON.parse(fast.body.toString())).toMatchObject({ id: rows[0].id, artistName: "Artist 5" });
    expect(fast.body.equals(normal.body)).toBe(true);

    // Fewer vendor slots, straight in SQL: the next answer says so, through Express, then fast again.
    await database.pool.query(
      `insert into tour_date_vendor_slots (tour_date_id, spot_type, capacity) values ($1, 'deluxe', 0)
       on conflict (tour_date_id, spot_type) do update set capacity = 0`,
      [rows[0].id],
    );
    let deluxe: { remaining: number } | undefined;
    for (let i = 0; i < 50 && deluxe?.remaining !== 0; i++) {
      deluxe = JSON.parse((await get(path)).body.toString()).vendorSlots.find(
        (slot: { spotType: string }) => slot.spotType === "deluxe",
      );
      if (deluxe?.remaining !== 0) await new Promise((r) => setTimeout(r, 10));
    }
    expect(deluxe?.remaining).toBe(0);
    expect((await get(path)).path).toBe("fast");

    const unknown = "/api/shows/0b7c5a4e-3f1d-4c2a-9e8b-1a2b3c4d5e6f";
    for (let i = 0; i < 3; i++) expect(await get(unknown)).toMatchObject({ status: 404, path: "express" });
  });
});
