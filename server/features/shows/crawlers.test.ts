import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { serveBuiltClient } from "../../client-serving";
import { startTestApp, type TestApp } from "../../test/app-harness";
import { clientRootWithIndex, insertShow } from "./shows.test-support";

// With the client served after the API, as in production: its fallback must not answer these.
const client = clientRootWithIndex();
let app: TestApp;
beforeAll(async () => {
  app = await startTestApp({
    mountClient: (express) => serveBuiltClient(express, { required: true, root: client.root }),
  });
});
afterAll(async () => {
  await app?.close();
  client.remove();
});

describe("GET /sitemap.xml", () => {
  it("lists the public pages and every upcoming show's page, as absolute addresses", async () => {
    const upcoming = await insertShow(app.db);
    const past = await insertShow(app.db, { date: "2020-04-04" });
    const res = await app.agent().get("/sitemap.xml").expect(200);
    expect(res.headers["content-type"]).toBe("application/xml; charset=utf-8");
    expect(res.headers["set-cookie"]).toBeUndefined();
    const text = res.text;
    expect(text).toMatch(
      /^<\?xml version="1.0" encoding="UTF-8"\?>\n<urlset xmlns="http:\/\/www.sitemaps.org\/schemas\/sitemap\/0.9">/,
    );
    const locs = [...text.matchAll(/<url><loc>([^<]+)<\/loc><\/url>/g)].map((m) => m[1]);
    expect(locs).toEqual([
      `${app.baseUrl}/`,
      `${app.baseUrl}/vendor-booking`,
      `${app.baseUrl}/artists`,
      `${app.baseUrl}/shows/${upcoming.id}`,
    ]);
    expect(text).not.toContain(past.id);
  });
});

describe("GET /robots.txt", () => {
  it("allows the public pages, keeps crawlers out of the API and members' pages, and names the sitemap", async () => {
    const res = await app.agent().get("/robots.txt").expect(200);
    expect(res.headers["content-type"]).toBe("text/plain; charset=utf-8");
    const lines = res.text.split("\n");
    expect(lines[0]).toBe("User-agent: *");
    for (const line of ["Disallow: /api/", "Disallow: /pay/", "Disallow: /my-tickets", "Disallow: /admin/events"]) {
      expect(lines).toContain(line);
    }
    // A crawler that takes the first matching line would read "Allow: /" as allowing /api/ too.
    expect(lines.filter((line) => line.startsWith("Allow:"))).toEqual([]);
    // "/ar" (a members' alias) must not also shut out the public "/artists".
    expect(lines).toContain("Disallow: /ar$");
    expect(lines).not.toContain("Disallow: /ar");
    expect(lines.some((line) => /^Disallow: \/(artists|vendor-booking|shows)/.test(line))).toBe(false);
    expect(lines).toContain(`Sitemap: ${app.baseUrl}/sitemap.xml`);
  });
});
