import { EventEmitter } from "node:events";
import type { IncomingMessage, ServerResponse } from "node:http";
import { describe, expect, it } from "vitest";
import { createFastPath, MAX_LEARNT_PATHS } from "./fast-path";
import { createLogger } from "./logger";
import type { CachedAnswer } from "./read-cache";

/** The proxy is 10.0.0.5 alone (TRUST_PROXY=10.0.0.5). */
const isTrustedProxy = (address: string | undefined) => address === "10.0.0.5";
const answer: CachedAnswer = { body: '{"id":"x"}', etag: 'W/"x"', expires: Number.MAX_SAFE_INTEGER };

/** What the normal path hands the fast path when a show's copy answered (over https, behind the proxy). */
function served() {
  const req = {
    method: "GET",
    baseUrl: "/api",
    route: { path: "/shows/:id" },
    headers: { "x-forwarded-proto": "https" },
    socket: { remoteAddress: "10.0.0.5" },
  };
  const res = Object.assign(new EventEmitter(), {
    statusCode: 200,
    getHeader: () => undefined,
    getHeaders: () => ({ "content-type": "application/json; charset=utf-8", vary: "Accept-Encoding" }),
  });
  return {
    req: req as unknown as IncomingMessage,
    res: res as unknown as ServerResponse,
    finish: () => res.emit("finish"),
  };
}

/**
 * A request for `path` through the proxy (10.0.0.5, https), or from `from` with the same
 * headers; the answer's status, or undefined when the fast path left it to Express.
 */
function ask(fastPath: ReturnType<typeof createFastPath>, path: string, from = "10.0.0.5") {
  const req = {
    method: "GET",
    url: path,
    headers: { "x-forwarded-proto": "https" },
    socket: { remoteAddress: from },
  } as unknown as IncomingMessage;
  const res = { statusCode: 0, writeHead: (status: number) => ({ end: () => (res.statusCode = status) }) };
  return fastPath.serve(req, res as unknown as ServerResponse) ? res.statusCode : undefined;
}

describe("the fast path's learnt paths", () => {
  it("labels a keyed copy's answers with the route's pattern, never the requested path", () => {
    const routes: string[] = [];
    const fastPath = createFastPath({
      logger: createLogger("silent"),
      isTrustedProxy,
      onAnswer: (route) => routes.push(route),
    });
    const { req, res, finish } = served();
    fastPath.learn(req, res, { name: "show", current: () => answer, path: "/api/shows/abc" });
    finish();
    expect(ask(fastPath, "/api/shows/abc")).toBe(200);
    expect(routes).toEqual(["/api/shows/:id"]);
  });

  it("keeps a bounded number of paths, forgetting the oldest first", () => {
    const fastPath = createFastPath({ logger: createLogger("silent"), isTrustedProxy });
    for (let i = 0; i < MAX_LEARNT_PATHS + 500; i++) {
      const { req, res, finish } = served();
      fastPath.learn(req, res, { name: "show", current: () => answer, path: `/api/shows/${i}` });
      finish();
    }
    expect(fastPath.learnt).toBe(MAX_LEARNT_PATHS);
    expect(ask(fastPath, "/api/shows/0")).toBeUndefined();
    expect(ask(fastPath, `/api/shows/${MAX_LEARNT_PATHS + 499}`)).toBe(200);
  });

  it("believes X-Forwarded-Proto only from the proxy's addresses, as Express does", () => {
    const fastPath = createFastPath({ logger: createLogger("silent"), isTrustedProxy });
    const { req, res, finish } = served();
    fastPath.learn(req, res, { name: "show", current: () => answer, path: "/api/shows/abc" });
    finish();
    expect(ask(fastPath, "/api/shows/abc")).toBe(200);
    // The https answer's headers (HSTS among them) are not sent to someone who only claims https.
    expect(ask(fastPath, "/api/shows/abc", "203.0.113.9")).toBeUndefined();
  });
});
