import crypto from "node:crypto";
import type { RequestHandler } from "express";

interface Entry {
  body: string;
  etag: string;
  expires: number;
}

export interface ReadCacheOptions {
  /** `no-cache` for public lists; `private, no-cache` for lists only members may read. */
  cacheControl?: string;
}

/**
 * A micro-cache for one hot list that is the same for everyone allowed to read it: the JSON
 * text and its ETag are built once and served for `ttlMs`, so a burst of readers costs one
 * query, not one each. Writes through this instance drop it at once; another instance shows a
 * change after at most `ttlMs`. The database stays the only source of truth (nothing here
 * outlives a second). `ttlMs` 0 turns it off.
 */
export function createReadCache(ttlMs = 1000, { cacheControl = "no-cache" }: ReadCacheOptions = {}) {
  let entry: Entry | undefined;
  let pending: Promise<Entry> | undefined;
  // Bumped by invalidate(): a load that started before a write must not be kept after it.
  let generation = 0;

  function fill(load: () => Promise<unknown>): Promise<Entry> {
    const startedAt = generation;
    const filling = (async () => {
      const body = JSON.stringify(await load());
      const etag = `W/"${crypto.createHash("sha1").update(body).digest("base64url")}"`;
      const filled = { body, etag, expires: Date.now() + ttlMs };
      if (generation === startedAt) entry = filled;
      return filled;
    })();
    pending = filling;
    // Concurrent misses share one query; the next miss after this one starts a new load.
    const clear = () => {
      if (pending === filling) pending = undefined;
    };
    filling.then(clear, clear);
    return filling;
  }

  return {
    serve(load: () => Promise<unknown>): RequestHandler {
      return async (req, res) => {
        if (ttlMs === 0) {
          res.json(await load());
          return;
        }
        const current = entry && entry.expires > Date.now() ? entry : await (pending ?? fill(load));
        res.setHeader("ETag", current.etag);
        res.setHeader("Cache-Control", cacheControl);
        if (req.headers["if-none-match"] === current.etag) {
          res.status(304).end();
          return;
        }
        res.type("application/json").send(current.body);
      };
    },
    invalidate() {
      generation++;
      entry = undefined;
      pending = undefined;
    },
  };
}

export type ReadCache = ReturnType<typeof createReadCache>;
