import crypto from "node:crypto";
import type { Request, RequestHandler, Response } from "express";
import type { CacheNotifications } from "./cache-notifications";

export interface CachedAnswer {
  body: string;
  etag: string;
  expires: number;
}

export interface ReadCacheOptions {
  /** Names the cache in metrics. */
  name: string;
  /** The tables the answer is read from: a change to any of them drops the copy. */
  tables: string[];
  notifications: CacheNotifications;
  /** A safety limit on a copy's life; 0 turns the cache off. */
  ttlMs: number;
  /** `Cache-Control` for every reader; `CDN-Cache-Control` (RFC 9213) when shared caches get more. */
  cacheControl: string;
  cdnCacheControl?: string;
  /** Told of every lookup: served from memory (hit) or from the database (miss). */
  onLookup?: (name: string, hit: boolean) => void;
  /** The copy is for signed-in members only (the route checked that before the cache). */
  members?: boolean;
  /** Told of every answer the route sends, before it goes out (lib/fast-path.ts learns from it). */
  onServe?: (req: Request, res: Response, cache: ServedCache) => void;
}

/**
 * A cache as the fast path sees it; `path` names the request path a keyed copy answers, and
 * `members` says only signed-in members may be answered from it.
 */
export interface ServedCache {
  name: string;
  current(): CachedAnswer | undefined;
  path?: string;
  members?: boolean;
}

/**
 * A loaded value with the moment (ms since the epoch) it stops being true although no table
 * changed, such as a list of upcoming shows, one of which becomes past at midnight at its venue.
 */
export interface ExpiringValue {
  value: unknown;
  expiresAt?: number;
}

function answerOf({ value, expiresAt }: ExpiringValue, ttlMs: number): CachedAnswer {
  const body = JSON.stringify(value);
  const etag = `W/"${crypto.createHash("sha1").update(body).digest("base64url")}"`;
  return { body, etag, expires: Math.min(Date.now() + ttlMs, expiresAt ?? Infinity) };
}

/** If-None-Match matches with the weak comparison: any listed tag, with or without W/, or `*`. */
export function etagMatches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  const opaque = etag.replace(/^W\//, "");
  return ifNoneMatch.split(",").some((tag) => {
    const candidate = tag.trim();
    return candidate === "*" || candidate.replace(/^W\//, "") === opaque;
  });
}

export function sendCachedAnswer(
  req: Request,
  res: Response,
  answer: CachedAnswer,
  cacheControl: string,
  cdnCacheControl?: string,
) {
  res.setHeader("ETag", answer.etag);
  res.setHeader("Cache-Control", cacheControl);
  // A 304 stands in for its 200 and carries the same Vary (RFC 9110 §15.4.5); the compression
  // middleware adds it only to an answer with a body, so it is set here for both.
  res.vary("Accept-Encoding");
  if (cdnCacheControl) res.setHeader("CDN-Cache-Control", cdnCacheControl);
  if (etagMatches(req.headers["if-none-match"], answer.etag)) {
    res.status(304).end();
    return;
  }
  res.type("application/json").send(answer.body);
}

/**
 * A copy of one hot list that is the same for everyone allowed to read it: its JSON text and
 * ETag are built once and served until a table it reads from changes. The database announces
 * every change (lib/cache-notifications.ts), so no instance serves a list older than the
 * notification's trip; while this instance is not listening, every read goes to the database.
 * Concurrent misses share one query. See docs/decisions/017-never-stale-caches.md.
 */
export function createReadCache({
  name,
  tables,
  notifications,
  ttlMs,
  cacheControl,
  cdnCacheControl,
  onLookup,
  onServe,
  members,
}: ReadCacheOptions) {
  let entry: CachedAnswer | undefined;
  let pending: Promise<CachedAnswer> | undefined;
  // Bumped by invalidate(): a load that started before a change must not be kept after it.
  let generation = 0;

  const invalidate = () => {
    generation++;
    entry = undefined;
    pending = undefined;
  };
  // Tables announced per row ("users:<id>", migration 0009) drop the copy like a whole table.
  notifications.onChange((table) => {
    if (table === undefined || tables.includes(table.split(":")[0])) invalidate();
  });

  function fill(load: () => Promise<ExpiringValue>): Promise<CachedAnswer> {
    const startedAt = generation;
    const filling = load().then((value) => {
      const filled = answerOf(value, ttlMs);
      if (generation === startedAt && notifications.subscribed) entry = filled;
      return filled;
    });
    pending = filling;
    const clear = () => {
      if (pending === filling) pending = undefined;
    };
    filling.then(clear, clear);
    return filling;
  }

  /** The answer to send: the copy while it is good, otherwise read (once for concurrent misses). */
  async function lookupExpiring(load: () => Promise<ExpiringValue>): Promise<CachedAnswer> {
    if (ttlMs === 0 || !notifications.subscribed) {
      if (ttlMs > 0) notifications.start();
      onLookup?.(name, false);
      return answerOf(await load(), 0);
    }
    if (entry && entry.expires > Date.now()) {
      onLookup?.(name, true);
      return entry;
    }
    onLookup?.(name, false);
    return pending ?? fill(load);
  }
  const lookup = (load: () => Promise<unknown>) => lookupExpiring(async () => ({ value: await load() }));

  function serveAnswer(find: () => Promise<CachedAnswer>): RequestHandler {
    return async (req, res) => {
      const answer = await find();
      onServe?.(req, res, cache);
      sendCachedAnswer(req, res, answer, cacheControl, cdnCacheControl);
    };
  }

  const cache = {
    name,
    members,
    lookup,
    /** The copy if it may be served right now, without waiting for anything. */
    current: () => (notifications.subscribed && entry && entry.expires > Date.now() ? entry : undefined),
    serve: (load: () => Promise<unknown>) => serveAnswer(() => lookup(load)),
    /** Like serve, for an answer that also expires on its own (ExpiringValue): never served past it. */
    serveExpiring: (load: () => Promise<ExpiringValue>) => serveAnswer(() => lookupExpiring(load)),
    /** Drops the copy at once; a write through this instance calls it before answering. */
    invalidate,
  };
  return cache;
}

export type ReadCache = ReturnType<typeof createReadCache>;
