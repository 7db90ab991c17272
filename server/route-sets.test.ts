import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FEATURE_ROUTE_SETS } from "./features";
import { startTestApp, type TestApp } from "./test/app-harness";

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app?.close());

// A declared path that no router serves would quietly lose its rate limit or session rule.
describe("the route sets the routers declare", () => {
  it("are all there, and name routes that exist", async () => {
    expect(FEATURE_ROUTE_SETS.publicReads.size).toBeGreaterThan(0);
    expect(FEATURE_ROUTE_SETS.purchases.length).toBeGreaterThan(0);
    expect(FEATURE_ROUTE_SETS.uploads.length).toBeGreaterThan(0);
    expect(FEATURE_ROUTE_SETS.publicLinks.length).toBeGreaterThan(0);
    expect(FEATURE_ROUTE_SETS.documents.length).toBeGreaterThan(0);
    for (const path of FEATURE_ROUTE_SETS.publicReads.paths) {
      const res = await app.agent().get(path);
      expect(String(res.body?.message ?? ""), path).not.toMatch(/^No API route/);
    }
    for (const path of [...FEATURE_ROUTE_SETS.purchases, ...FEATURE_ROUTE_SETS.uploads]) {
      const res = await app.agent().post(path).send({});
      expect(String(res.body?.message ?? ""), path).not.toMatch(/^No API route/);
    }
    for (const path of [...FEATURE_ROUTE_SETS.publicLinks, ...FEATURE_ROUTE_SETS.documents]) {
      const res = await app.agent().get(path.replace(/:\w+/g, "x.y"));
      expect(String(res.body?.message ?? ""), path).not.toMatch(/^No API route/);
    }
  });

  it("match a declared path with a parameter for any one segment, and nothing else", () => {
    const { publicReads } = FEATURE_ROUTE_SETS;
    expect(publicReads.has("/api/tour-dates")).toBe(true);
    expect(publicReads.has("/api/shows/0b7c5a4e-3f1d-4c2a-9e8b-1a2b3c4d5e6f")).toBe(true);
    expect(publicReads.has("/api/shows/a/b")).toBe(false);
    expect(publicReads.has("/api/tickets/my")).toBe(false);
    expect(publicReads.has("/api/tour-datesX")).toBe(false);
  });
});
