import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import zlib from "node:zlib";
import compression from "compression";
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

  it("answers an invoice's own address with the page, for an id-shaped path only", async () => {
    await request(app).get("/invoices/0b6f3c2e-8f1d-4a49-9f0e-3a7c1d2b4e5f").expect(200);
    for (const route of ["/invoices/123", "/invoices/0b6f3c2e-8f1d-4a49-9f0e-3a7c1d2b4e5f/edit"])
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

describe("revalidating a page", () => {
  // As app.ts mounts it: compression in front of every answer.
  const compressed = express();
  compressed.use(compression());
  serveBuiltClient(compressed, { required: true, root });

  it("answers a 304 with the Vary of its 200 (RFC 9110 §15.4.5), for a page and a 404 page", async () => {
    for (const route of ["/", "/shows/0b6f3c2e-8f1d-4a49-9f0e-3a7c1d2b4e5f", "/no/such/page"]) {
      const first = await request(compressed).get(route).set("Accept-Encoding", "gzip");
      expect(first.headers.vary, route).toMatch(/Accept-Encoding/);
      const again = await request(compressed)
        .get(route)
        .set("Accept-Encoding", "gzip")
        .set("If-None-Match", first.headers.etag);
      if (first.status === 200) expect(again.status, route).toBe(304);
      expect(again.headers.vary, route).toBe(first.headers.vary);
    }
  });
});

describe("built assets on the wire", () => {
  const assetsRoot = fs.mkdtempSync(path.join(os.tmpdir(), "label-assets-"));
  fs.writeFileSync(path.join(assetsRoot, "index.html"), "<!doctype html><title>Label Records</title>");
  fs.mkdirSync(path.join(assetsRoot, "assets"));
  const script = `export const words = ${JSON.stringify(Array.from({ length: 400 }, (_, i) => `word ${i}`))};\n`;
  const file = path.join(assetsRoot, "assets", "index-abc123.js");
  fs.writeFileSync(file, script);
  fs.writeFileSync(`${file}.br`, zlib.brotliCompressSync(script));
  fs.writeFileSync(`${file}.gz`, zlib.gzipSync(script));
  afterAll(() => fs.rmSync(assetsRoot, { recursive: true, force: true }));
  const assets = express();
  serveBuiltClient(assets, { required: true, root: assetsRoot });
  const get = (acceptEncoding: string) =>
    request(assets)
      .get("/assets/index-abc123.js")
      .set("Accept-Encoding", acceptEncoding)
      .buffer(true)
      .parse((res, done) => {
        const chunks: Buffer[] = [];
        res.on("data", (chunk: Buffer) => chunks.push(chunk));
        res.on("end", () => done(null, Buffer.concat(chunks)));
      });

  it("sends the Brotli copy to a browser that accepts br and gzip alike (Chrome's header)", async () => {
    const res = await get("gzip, deflate, br, zstd").expect(200);
    expect(res.headers["content-encoding"]).toBe("br");
    expect(res.headers.vary).toMatch(/Accept-Encoding/);
    // Decoded by the client by the header it came with.
    expect((res.body as Buffer).toString()).toBe(script);
  });

  it("follows the browser where it prefers gzip, and sends gzip to a browser without br", async () => {
    expect((await get("br;q=0.5, gzip").expect(200)).headers["content-encoding"]).toBe("gzip");
    const res = await get("gzip, deflate").expect(200);
    expect(res.headers["content-encoding"]).toBe("gzip");
    expect((res.body as Buffer).toString()).toBe(script);
  });
});
