import { describe, expect, it, vi } from "vitest";
import express from "express";
import request from "supertest";
import type { CacheNotifications, ChangeListener } from "./cache-notifications";
import { createReadCache, etagMatches } from "./read-cache";

/** Stands in for the database's notifications: the test says when a table changed. */
function fakeNotifications() {
  const listeners: ChangeListener[] = [];
  return {
    subscribed: true as boolean,
    onChange: (listener: ChangeListener) => void listeners.push(listener),
    start: () => undefined,
    close: async () => undefined,
    announce: (table: string | undefined) => listeners.forEach((l) => l(table)),
  } satisfies CacheNotifications & { announce: unknown };
}

function appWith(load: () => Promise<unknown>, ttlMs = 60_000) {
  const notifications = fakeNotifications();
  const cache = createReadCache({
    name: "list",
    tables: ["things"],
    notifications,
    ttlMs,
    cacheControl: "public, max-age=0",
  });
  const app = express();
  app.get("/list", cache.serve(load));
  return { app, cache, notifications };
}

describe("read cache", () => {
  it("serves a burst of requests from one load, with an ETag and 304 for a match", async () => {
    const load = vi.fn(async () => [{ id: 1 }]);
    const { app } = appWith(load);
    const answers = await Promise.all(Array.from({ length: 20 }, () => request(app).get("/list")));
    expect(answers.every((a) => a.status === 200 && a.body[0].id === 1)).toBe(true);
    expect(load).toHaveBeenCalledTimes(1);
    const etag = answers[0].headers.etag;
    expect(etag).toMatch(/^W\/"/);
    await request(app).get("/list").set("If-None-Match", etag).expect(304);
    await request(app)
      .get("/list")
      .set("If-None-Match", `"other", ${etag.slice(2)}`)
      .expect(304);
    await request(app).get("/list").set("If-None-Match", `"other"`).expect(200);
  });

  it("keeps its copy until a table it reads from changes, or the safety limit passes", async () => {
    let version = 1;
    const load = vi.fn(async () => ({ version }));
    const { app, notifications } = appWith(load, 80);
    expect((await request(app).get("/list")).body.version).toBe(1);
    version = 2;
    notifications.announce("unrelated");
    expect((await request(app).get("/list")).body.version).toBe(1);
    notifications.announce("things");
    expect((await request(app).get("/list")).body.version).toBe(2);
    version = 3;
    notifications.announce(undefined);
    expect((await request(app).get("/list")).body.version).toBe(3);
    version = 4;
    await new Promise((r) => setTimeout(r, 100));
    expect((await request(app).get("/list")).body.version).toBe(4);
  });

  it("reads from the database on every request while it is not listening", async () => {
    const load = vi.fn(async () => []);
    const { app, notifications } = appWith(load);
    notifications.subscribed = false;
    await request(app).get("/list").expect(200);
    await request(app).get("/list").expect(200);
    expect(load).toHaveBeenCalledTimes(2);
  });

  it("does not keep a load that was running when the table changed", async () => {
    let release!: () => void;
    let version = 1;
    const load = vi.fn(async () => {
      const seen = version;
      if (seen === 1) await new Promise<void>((r) => (release = r));
      return { version: seen };
    });
    const { app, notifications } = appWith(load);
    const before = request(app)
      .get("/list")
      .then((r) => r);
    await vi.waitFor(() => expect(load).toHaveBeenCalledTimes(1));
    version = 2;
    notifications.announce("things");
    release();
    expect((await before).body.version).toBe(1);
    expect((await request(app).get("/list")).body.version).toBe(2);
  });

  it("never serves an answer past the moment its loader said it expires", async () => {
    let version = 1;
    let expiresAt: number | undefined = Date.now() + 80;
    const load = vi.fn(async () => ({ value: { version }, expiresAt }));
    const notifications = fakeNotifications();
    const cache = createReadCache({
      name: "clock",
      tables: ["things"],
      notifications,
      ttlMs: 60_000,
      cacheControl: "",
    });
    const app = express().get("/list", cache.serveExpiring(load));
    expect((await request(app).get("/list")).body.version).toBe(1);
    version = 2;
    expect((await request(app).get("/list")).body.version).toBe(1);
    expect(cache.current()).toBeDefined();
    await new Promise((r) => setTimeout(r, 100));
    expect(cache.current()).toBeUndefined();
    expiresAt = Date.now() + 60_000;
    expect((await request(app).get("/list")).body.version).toBe(2);
    version = 3;
    expect((await request(app).get("/list")).body.version).toBe(2);
    // Without an expiry the safety limit alone applies, as for serve().
    expiresAt = undefined;
    notifications.announce("things");
    expect((await request(app).get("/list")).body.version).toBe(3);
    expect(load).toHaveBeenCalledTimes(3);
  });

  it("sends the Cache-Control it was given", async () => {
    const { app } = appWith(async () => []);
    expect((await request(app).get("/list")).headers["cache-control"]).toBe("public, max-age=0");
  });

  it("matches If-None-Match weakly, in lists and with *", () => {
    expect(etagMatches('W/"a"', 'W/"a"')).toBe(true);
    expect(etagMatches('"a"', 'W/"a"')).toBe(true);
    expect(etagMatches('"b" , W/"a"', 'W/"a"')).toBe(true);
    expect(etagMatches("*", 'W/"a"')).toBe(true);
    expect(etagMatches('"b"', 'W/"a"')).toBe(false);
    expect(etagMatches(undefined, 'W/"a"')).toBe(false);
  });
});
