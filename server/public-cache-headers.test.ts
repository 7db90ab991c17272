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
    },
  );

  it("keeps the members' events list out of shared caches", async () => {
    const member = await app.signIn("member@cdn.test");
    expect((await member.get("/api/events").expect(200)).headers["cache-control"]).toBe("private, no-cache");
  });
});
