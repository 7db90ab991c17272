import { describe, expect, it, vi } from "vitest";
import express from "express";
import request from "supertest";
import { createReadCache } from "./read-cache";

function appWith(load: () => Promise<unknown>, ttlMs = 1000) {
  const cache = createReadCache(ttlMs);
  const app = express();
  app.get("/list", cache.serve(load));
  return { app, cache };
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
  });

  it("loads again after invalidate and after the time to live", async () => {
    let version = 1;
    const load = vi.fn(async () => ({ version }));
    const { app, cache } = appWith(load, 50);
    expect((await request(app).get("/list")).body.version).toBe(1);
    version = 2;
    expect((await request(app).get("/list")).body.version).toBe(1);
    cache.invalidate();
    expect((await request(app).get("/list")).body.version).toBe(2);
    version = 3;
    await new Promise((r) => setTimeout(r, 60));
    expect((await request(app).get("/list")).body.version).toBe(3);
  });

  it("does not keep a load that was running when a write invalidated the list", async () => {
    let release!: () => void;
    let version = 1;
    const load = vi.fn(async () => {
      const seen = version;
      if (seen === 1) await new Promise<void>((r) => (release = r));
      return { version: seen };
    });
    const { app, cache } = appWith(load);
    const before = request(app).get("/list").then((r) => r);
    await vi.waitFor(() => expect(load).toHaveBeenCalledTimes(1));
    version = 2;
    cache.invalidate();
    release();
    expect((await before).body.version).toBe(1);
    expect((await request(app).get("/list")).body.version).toBe(2);
  });

  it("sends the Cache-Control it was given", async () => {
    const cache = createReadCache(1000, { cacheControl: "private, no-cache" });
    const app = express();
    app.get("/list", cache.serve(async () => []));
    expect((await request(app).get("/list")).headers["cache-control"]).toBe("private, no-cache");
  });
});
