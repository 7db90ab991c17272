import crypto from "node:crypto";
import type { RequestHandler } from "express";

/**
 * A micro-cache for one hot public list: the JSON text and its ETag are built once and served
 * for `ttlMs`, so a burst of visitors costs one query, not one each. Writes through this
 * instance drop it at once; another instance shows a change after at most `ttlMs`. The
 * database stays the only source of truth (nothing here outlives a second).
 */
export function createReadCache(ttlMs = 1000) {
  let entry: { body: string; etag: string; expires: number } | undefined;
  let pending: Promise<{ body: string; etag: string; expires: number }> | undefined;

  async function fill(load: () => Promise<unknown>) {
    const body = JSON.stringify(await load());
    const etag = `W/"${crypto.createHash("sha1").update(body).digest("base64url")}"`;
    return { body, etag, expires: Date.now() + ttlMs };
  }

  return {
    serve(load: () => Promise<unknown>): RequestHandler {
      return async (req, res) => {
        if (ttlMs === 0) {
          res.json(await load());
          return;
        }
        if (!entry || entry.expires <= Date.now()) {
          // Concurrent misses share one query.
          pending ??= fill(load).finally(() => {
            pending = undefined;
          });
          entry = await pending;
        }
        res.setHeader("ETag", entry.etag);
        res.setHeader("Cache-Control", "no-cache");
        if (req.headers["if-none-match"] === entry.etag) {
          res.status(304).end();
          return;
        }
        res.type("application/json").send(entry.body);
      };
    },
    invalidate() {
      entry = undefined;
    },
  };
}
