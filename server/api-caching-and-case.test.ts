import crypto from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApp } from "./app";
import { loadConfig } from "./config";
import { FEATURE_ROUTE_SETS } from "./features";
import { createLogger } from "./lib/logger";
import { generateLocalSecrets } from "./lib/secrets";
import { isClientRoute } from "@shared/routes";
import { listRoutes } from "./test/routes";
import { startTestApp, type Agent, type TestApp } from "./test/app-harness";

let app: TestApp;
let member: Agent;
let admin: Agent;
beforeAll(async () => {
  app = await startTestApp({ env: { ADMIN_EMAILS: "edges-admin@label.test" } });
  member = await app.signIn("edges-member@label.test");
  admin = await app.signIn("edges-admin@label.test");
});
afterAll(() => app?.close());

/** The app as built, without a database (building it connects to nothing). */
const buildApp = () =>
  createApp({
    config: loadConfig({ NODE_ENV: "test" }),
    db: {} as never,
    pool: {} as never,
    logger: createLogger("silent"),
    secrets: generateLocalSecrets(),
  }).app;

/** Every GET route under /api that reads the session (everything but the public reads). */
function sessionReads(): string[] {
  const paths = listRoutes(buildApp())
    .filter((route) => route.method === "GET" && route.path.startsWith("/api/"))
    .map((route) => route.path);
  return [...new Set(paths)].filter((path) => !FEATURE_ROUTE_SETS.publicReads.has(path));
}

/** What a route's parameters stand for when asking whether it is a page (a show id, an invoice token). */
const samplePath = (route: string) =>
  route.replace(":id", "0b7c5a4e-3f1d-4c2a-9e8b-1a2b3c4d5e6f").replace(":token", "invoice-id.signature");

/** Routes whose answer is the same for everyone who may read it, with a cache policy of their own. */
const OWN_POLICY: Record<string, string> = {
  // Live stock of a show's vendor slots: public, and no cache may keep it.
  "/api/tour-dates/:id/vendor-slots": "no-store",
  // Members' list, the same for every member: revalidated by its ETag, never kept by a shared cache.
  "/api/events": "private, no-cache",
};

describe("answers that depend on who asks", () => {
  it("carry Cache-Control: private, no-store, for members, admins and refused visitors alike", async () => {
    const routes = sessionReads();
    expect(routes).toContain("/api/auth/user");
    expect(routes).toContain("/api/tickets/my");
    for (const route of routes) {
      const path = route.replace(/:(id|token|index)/g, () => crypto.randomUUID());
      for (const [who, agent] of [
        ["anonymous", app.agent()],
        ["member", member],
        ["admin", admin],
      ] as const) {
        const res = await agent.get(path);
        const expected = res.status === 200 && OWN_POLICY[route] ? OWN_POLICY[route] : "private, no-store";
        expect(res.headers["cache-control"], `${who} GET ${route} (${res.status})`).toBe(expected);
      }
    }
  });

  it("leave the public lists to shared caches", async () => {
    const list = await member.get("/api/tour-dates").expect(200);
    expect(list.headers["cache-control"]).toMatch(/^public, /);
  });
});

describe("paths are case-sensitive", () => {
  it("answers /API/health with the API's 404, as data, not with a page's headers", async () => {
    for (const path of ["/API/health", "/Api/tour-dates", "/api/HEALTH", "/api/Tour-Dates"]) {
      const res = await app.agent().get(path).expect(404);
      expect(res.headers["content-type"], path).toMatch(/^application\/json/);
      expect(res.body.message, path).toMatch(/^No API route for GET /);
      expect(res.headers["content-security-policy"], path).toBe("default-src 'none';frame-ancestors 'none'");
      expect(res.headers["referrer-policy"], path).toBeUndefined();
      expect(res.headers["cross-origin-opener-policy"], path).toBeUndefined();
    }
  });

  it("holds in every router the app mounts, except the client's pages, which match in any case", () => {
    type Layer = {
      rawPath?: unknown;
      route?: { path: unknown };
      handle?: { stack?: Layer[]; caseSensitive?: boolean };
    };
    const insensitive: string[] = [];
    const walk = (stack: Layer[], prefix: string) => {
      for (const layer of stack) {
        if (!layer.handle?.stack) continue;
        const base = prefix + (typeof layer.rawPath === "string" && layer.rawPath !== "/" ? layer.rawPath : "");
        const routes = layer.handle.stack.filter((l) => l.route).map((l) => base + String(l.route!.path));
        const pages = routes.length > 0 && routes.every((route) => isClientRoute(samplePath(route)));
        if (layer.handle.caseSensitive !== true && !(pages && layer.handle.caseSensitive === false)) {
          insensitive.push(`router with ${routes.join(", ") || "middleware only"}`);
        }
        walk(layer.handle.stack, base);
      }
    };
    const router = (buildApp() as unknown as { router: { stack: Layer[]; caseSensitive?: boolean } }).router;
    expect(router.caseSensitive).toBe(true);
    walk(router.stack, "");
    expect(insensitive).toEqual([]);
  });

  it("does not let another spelling of a route past what guards its own (the purchase limit)", async () => {
    const res = await member.post("/api/TICKETS").send({});
    expect(res.status).toBe(404);
    expect(res.headers["ratelimit-policy"]).toBeUndefined();
  });
});
