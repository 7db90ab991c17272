import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import express from "express";
import request from "supertest";
import { afterAll, describe, expect, it } from "vitest";
import { SIGNED_IN_PATHS, SIGNED_OUT_PATHS } from "@shared/routes";
import { serveBuiltClient } from "./client-serving";

const root = fs.mkdtempSync(path.join(os.tmpdir(), "label-client-"));
fs.writeFileSync(path.join(root, "index.html"), "<!doctype html><title>Label Records</title><div id=root></div>");
afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

const app = express();
serveBuiltClient(app, { required: true, root });

describe("serving the built client", () => {
  it("answers every path of the route table with the page and 200", async () => {
    for (const route of [...SIGNED_OUT_PATHS, ...SIGNED_IN_PATHS]) {
      const res = await request(app).get(route);
      expect(res.status, route).toBe(200);
      expect(res.text).toContain("<div id=root></div>");
    }
  });

  it("matches the paths as the client router does: any case, one trailing slash", async () => {
    await request(app).get("/Tickets/").expect(200);
    await request(app).get("/dashboard/library/").expect(200);
    await request(app).get("/tickets//").expect(404);
  });

  it("answers an invoice's public link with the page, whatever its token, but not a bare /pay", async () => {
    await request(app).get("/pay/0b6f3c2e-8f1d-4a49-9f0e-3a7c1d2b4e5f.AbC-dEf_123").expect(200);
    for (const route of ["/pay", "/pay/", "/pay/no-signature", "/pay/a.b/c"])
      expect((await request(app).get(route)).status, route).toBe(404);
  });

  it("answers unknown paths with the same page and 404, so crawlers and monitors see the truth", async () => {
    for (const route of ["/no/such/page", "/tickets/123", "/admin", "/index.htm"]) {
      const res = await request(app).get(route);
      expect(res.status, route).toBe(404);
      expect(res.headers["content-type"]).toMatch(/text\/html/);
      expect(res.text).toContain("<div id=root></div>");
    }
  });
});
