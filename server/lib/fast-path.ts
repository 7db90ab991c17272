import zlib from "node:zlib";
import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from "node:http";
import type { Express } from "express";
import { negotiateEncoding } from "./content-encoding";
import type { Logger } from "./logger";
import { etagMatches, type CachedAnswer } from "./read-cache";
import { requestId } from "./request-id";

/** The same choices as the compression middleware (1 KB threshold, Brotli first, quality 4). */
const COMPRESSION_THRESHOLD = 1024;
const ENCODINGS = ["br", "gzip", "deflate", "identity"];
/**
 * At most this many paths are learnt: one per hot list, plus one per show whose data was read
 * (a keyed copy; lib/keyed-read-cache.ts keeps as many). Past it the oldest is forgotten and
 * goes through Express until learnt again, so no stream of requests grows the table for ever.
 */
export const MAX_LEARNT_PATHS = 5100;
/** Set per answer, never copied from the answer the headers were learnt from. */
const PER_ANSWER = new Set([
  "x-request-id",
  "etag",
  "content-length",
  "content-encoding",
  "transfer-encoding",
  "date",
  "connection",
  "keep-alive",
]);

const negotiate = (req: IncomingMessage) => negotiateEncoding(req, ENCODINGS) ?? "identity";

export interface FastCache {
  name: string;
  current(): CachedAnswer | undefined;
  /** The concrete path a copy of a route with a parameter answers (lib/keyed-read-cache.ts). */
  path?: string;
  /** Only for signed-in members: answered only when `isMember` vouches for the request. */
  members?: boolean;
}

export interface FastPathOptions {
  logger: Logger;
  /** Express's "trust proxy" for the peer: whether its X-Forwarded-Proto decides https. */
  isTrustedProxy: (address: string | undefined) => boolean;
  /** Told of every answer with its route's pattern (`/api/shows/:id`), as the HTTP metrics are on the normal path. */
  onAnswer?: (route: string, status: number, seconds: number, cache: string) => void;
}

/**
 * Hot public lists answered before Express's middleware stack runs (docs/decisions/017-never-stale-caches.md).
 * It never decides anything itself: a route becomes fast only after the normal path has
 * answered it from a public read cache, and the fast answer then carries exactly the headers
 * that answer carried (security headers, Vary, Cache-Control…), learnt per status and scheme.
 * Anything else (a miss, another method, a first request) goes through Express as before.
 */
export function createFastPath({ logger, isTrustedProxy, onAnswer }: FastPathOptions) {
  // Set once the session layer exists (app.ts); until then members' lists go through Express.
  let isMember: ((req: IncomingMessage) => boolean) | undefined;
  let served = 0;
  // By request path; `route` is the pattern that path belongs to, the label metrics count it under.
  const routes = new Map<string, { cache: FastCache; route: string; headers: Map<string, OutgoingHttpHeaders> }>();
  const encoded = new WeakMap<CachedAnswer, Map<string, Buffer>>();

  const isHttps = (req: IncomingMessage) => {
    if ((req.socket as { encrypted?: boolean }).encrypted) return true;
    const forwarded = isTrustedProxy(req.socket.remoteAddress) ? req.headers["x-forwarded-proto"] : undefined;
    return typeof forwarded === "string" && forwarded.split(",")[0].trim() === "https";
  };
  const variant = (req: IncomingMessage, status: number) => `${status} ${isHttps(req) ? "https" : "http"}`;

  function bodyFor(answer: CachedAnswer, req: IncomingMessage): [string, Buffer] {
    let bodies = encoded.get(answer);
    if (!bodies) encoded.set(answer, (bodies = new Map([["identity", Buffer.from(answer.body)]])));
    const plain = bodies.get("identity")!;
    const method =
      plain.length < COMPRESSION_THRESHOLD || !req.headers["accept-encoding"] ? "identity" : negotiate(req);
    let body = bodies.get(method);
    if (!body) {
      body =
        method === "br"
          ? zlib.brotliCompressSync(plain, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } })
          : method === "gzip"
            ? zlib.gzipSync(plain)
            : zlib.deflateSync(plain);
      bodies.set(method, body);
    }
    return [method, body];
  }

  return {
    /** Puts the fast path in front of the app's whole stack, for every server that uses `app`. */
    install(app: Express) {
      type Handle = (req: IncomingMessage, res: ServerResponse, next?: unknown) => void;
      const withHandle = app as unknown as { handle: Handle };
      const expressHandle = withHandle.handle.bind(app);
      withHandle.handle = (req, res, next) => {
        if (!this.serve(req, res)) expressHandle(req, res, next);
      };
    },

    /**
     * How a members' list may be answered here: `check` must say yes only for a request whose
     * session cookie verifies and names a signed-in session this instance holds in memory
     * (auth/session-cookie.ts, auth/session-cache.ts, kept fresh by the database's
     * notifications). Anything else goes through Express, whose guard answers it.
     */
    allowMembers(check: (req: IncomingMessage) => boolean) {
      isMember = check;
    },

    /** How many requests it answered (tests). */
    get served() {
      return served;
    },

    /** How many paths it has learnt (tests). */
    get learnt() {
      return routes.size;
    },

    /** Normal path: an answer from a read cache went out; its headers become the template. */
    learn(
      req: IncomingMessage & { baseUrl?: string; route?: { path: unknown } },
      res: ServerResponse,
      cache: FastCache,
    ) {
      const pattern = typeof req.route?.path === "string" ? (req.baseUrl ?? "") + req.route.path : undefined;
      const path = cache.path ?? pattern;
      if (!path || (!cache.path && path.includes(":")) || req.method !== "GET") return;
      res.once("finish", () => {
        // An answer that set a cookie is one visitor's, never a template for everyone's.
        if (res.getHeader("set-cookie") !== undefined) return;
        // A keyed copy is replaced after every change: the route follows the newest one.
        let entry = routes.get(path);
        if (!entry) {
          if (routes.size >= MAX_LEARNT_PATHS) routes.delete(routes.keys().next().value!);
          entry = { cache, route: pattern ?? path, headers: new Map() };
        }
        entry.cache = cache;
        const headers: OutgoingHttpHeaders = {};
        for (const [name, value] of Object.entries(res.getHeaders())) if (!PER_ANSWER.has(name)) headers[name] = value;
        entry.headers.set(variant(req, res.statusCode), headers);
        routes.set(path, entry);
      });
    },

    /** Answers the request and returns true, or returns false and leaves it to Express. */
    serve(req: IncomingMessage, res: ServerResponse): boolean {
      // A query string goes through Express: its checks (a NUL character is refused) look at it.
      if (req.method !== "GET" || !req.url || req.url.includes("?")) return false;
      const path = req.url;
      const route = routes.get(path);
      const answer = route?.cache.current();
      if (!route || !answer) return false;
      if (route.cache.members && !isMember?.(req)) return false;
      const notModified = etagMatches(req.headers["if-none-match"], answer.etag);
      const template = route.headers.get(variant(req, notModified ? 304 : 200));
      if (!template) return false;
      const started = process.hrtime.bigint();
      const id = requestId(req);
      const headers: OutgoingHttpHeaders = { ...template, "x-request-id": id, etag: answer.etag };
      if (notModified) {
        res.writeHead(304, headers).end();
      } else {
        const [encoding, body] = bodyFor(answer, req);
        if (encoding !== "identity") headers["content-encoding"] = encoding;
        headers["content-length"] = body.length;
        res.writeHead(200, headers).end(body);
      }
      served++;
      const seconds = Number(process.hrtime.bigint() - started) / 1e9;
      onAnswer?.(route.route, res.statusCode, seconds, route.cache.name);
      if (logger.isLevelEnabled("info")) {
        logger.info(
          {
            req: { id, method: "GET", url: path },
            res: { statusCode: res.statusCode },
            responseTime: Math.round(seconds * 1000),
          },
          "request completed",
        );
      }
      return true;
    },
  };
}

export type FastPath = ReturnType<typeof createFastPath>;
