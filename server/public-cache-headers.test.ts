import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, type TestApp } from "./test/app-harness";

/** Every public list the read cache serves; a CDN or nginx may keep these (docs/operations.md). */
const PUBLIC_LISTS = [
  "/api/tour-dates",
  "/api/merchandise",
  "/api/featured-artists",
  "/api/featured-artists/active",
  "/api/live-streams/current",
  "/api/shows",
  "/api/shows/past",
];

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp({
    env: { READ_CACHE_TTL_MS: "60000", CDN_S_MAXAGE: "5", CDN_STALE_WHILE_REVALIDATE: "45" },
  });
});
afterAll(() => app?.close());

describe("public lists for shared caches", () => {
  it.each(PUBLIC_LISTS)(
    "%s may be kept by a CDN, revalidated by browsers, and answers 304 for its ETag",
    async (path) => {
      const first = await app.agent().get(path).set("Accept-Encoding", "gzip").expect(200);
      // Browsers revalidate every time (no stale-while-revalidate for them: a reload shows a
      // change at once); CDNs may also serve a stale copy while they fetch a new one.
      expect(first.headers["cache-control"]).toBe("public, max-age=0, s-maxage=5");
      expect(first.headers["cdn-cache-control"]).toBe("public, max-age=5, stale-while-revalidate=45");
      expect(first.headers.etag).toMatch(/^W\/"[\w-]+"$/);
      expect(first.headers.vary).toMatch(/Accept-Encoding/i);
      expect(first.headers["set-cookie"]).toBeUndefined();
      const again = await app.agent().get(path).set("If-None-Match", first.headers.etag).expect(304);
      expect(again.headers.etag).toBe(first.headers.etag);
      expect(again.headers["cache-control"]).toBe(first.headers["cache-control"]);
      expect(again.headers["cdn-cache-control"]).toBe(first.headers["cdn-cache-control"]);
      expect(again.headers.vary).toBe(first.headers.vary);
    },
  );

  it("answers a 304 with the same Vary as its 200 on a show, the feeds, the sitemap and robots.txt", async () => {
    const [show] = (
      await app.database.pool.query(
        "insert into tour_dates (artist_name, date, time, location) values ('Vary Band', '2031-05-01', '20:00', 'Hall') returning id",
      )
    ).rows;
    for (const path of [
      `/api/shows/${show.id}`,
      "/api/shows.ics",
      `/api/shows/${show.id}.ics`,
      "/sitemap.xml",
      "/robots.txt",
    ]) {
      // A calendar's DTSTAMP is the second it was written, so its ETag holds within a second.
      let first = await app.agent().get(path).set("Accept-Encoding", "gzip").expect(200);
      let again = await app.agent().get(path).set("If-None-Match", first.headers.etag);
      for (let i = 0; i < 5 && again.status === 200; i++) {
        first = await app.agent().get(path).set("Accept-Encoding", "gzip").expect(200);
        again = await app.agent().get(path).set("If-None-Match", first.headers.etag);
      }
      expect(first.headers.vary, path).toMatch(/Accept-Encoding/i);
      expect(again.status, path).toBe(304);
      expect(again.headers.vary, path).toBe(first.headers.vary);
    }
  });

  it("keeps the members' events list out of shared caches", async () => {
    const member = await app.signIn("member@cdn.test");
    expect((await member.get("/api/events").expect(200)).headers["cache-control"]).toBe("private, no-cache");
  });
});
