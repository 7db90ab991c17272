import express, { type Express, type RequestHandler, type Response } from "express";
import type { Server } from "node:http";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { isClientRoute } from "@shared/routes";
import { isPageMarkedNotFound } from "./lib/page-status";
import { pageFor } from "./lib/page-head";
import { negotiateEncoding } from "./lib/content-encoding";

const here = path.dirname(fileURLToPath(import.meta.url));
// In any case: routing is case-sensitive, and "/API/health" is the API's 404, not a page.
const NOT_CLIENT = /^\/(api|oidc|objects)(\/|$)/i;

const ENCODINGS = [
  { name: "br", suffix: ".br" },
  { name: "gzip", suffix: ".gz" },
] as const;

/**
 * Sends the Brotli or gzip copy of a hashed asset written at build time
 * (scripts/precompress-assets.mjs) when the browser accepts it, Brotli where it accepts both
 * alike (lib/content-encoding.ts), so no visitor waits for the server to compress the same
 * bytes again. Only names found in the folder at start are served, so a request path never
 * reaches the file system.
 */
function precompressedAssets(assetsDir: string): RequestHandler {
  const files = new Set(fs.existsSync(assetsDir) ? fs.readdirSync(assetsDir) : []);
  return (req, res, next) => {
    if ((req.method !== "GET" && req.method !== "HEAD") || !req.headers["accept-encoding"]) return next();
    const name = req.path.slice(1);
    const offered = ENCODINGS.filter((e) => files.has(name) && files.has(name + e.suffix));
    if (offered.length === 0) return next();
    res.vary("Accept-Encoding");
    const chosen = negotiateEncoding(req, [...offered.map((e) => e.name), "identity"]);
    const encoding = offered.find((e) => e.name === chosen);
    if (!encoding) return next();
    res.type(path.extname(name));
    res.setHeader("Content-Encoding", encoding.name);
    res.sendFile(path.join(assetsDir, name + encoding.suffix), { immutable: true, maxAge: "1y" }, (error) => {
      if (error) next(error);
    });
  };
}

/**
 * The page's status: the app answers every path with the same page, and the client router
 * shows the 404 page on any path outside the route table, so the server says 404 there too;
 * so it does where a feature found that the path names nothing (lib/page-status.ts).
 */
export function clientPageStatus(requestPath: string, res: Response) {
  return isClientRoute(requestPath) && !isPageMarkedNotFound(res) ? 200 : 404;
}

/**
 * Production: the Vite build in dist/public, hashed assets cached for a year, SPA fallback
 * (index.html with the head a feature set for its page, lib/page-head.ts).
 */
export function serveBuiltClient(app: Express, options: { required: boolean; root?: string }) {
  const candidates = options.root
    ? [options.root]
    : [path.resolve(here, "../public"), path.resolve(here, "../dist/public")];
  const root = candidates.find((dir) => fs.existsSync(path.join(dir, "index.html")));
  if (!root) {
    // Production must have the client; a test run of the API alone does not need it.
    if (options.required) throw new Error("The client is not built: run `npm run build` first");
    return;
  }
  const assetsDir = path.join(root, "assets");
  app.use("/assets", precompressedAssets(assetsDir));
  app.use("/assets", express.static(assetsDir, { immutable: true, maxAge: "1y", index: false }));
  app.use(express.static(root, { index: false, maxAge: "1h" }));
  const indexHtml = fs.readFileSync(path.join(root, "index.html"), "utf8");
  app.use((req, res, next) => {
    if (req.method !== "GET" || NOT_CLIENT.test(req.path)) return next();
    res.setHeader("Cache-Control", "no-cache");
    // Set before the body, so the 304 Express answers for a matching ETag carries the Vary of
    // its 200 (RFC 9110 §15.4.5); the compression middleware adds it only where it sees a body.
    res.vary("Accept-Encoding");
    res.status(clientPageStatus(req.path, res)).type("html").send(pageFor(indexHtml, res));
  });
}

/** Development: Vite in middleware mode with HMR on the same HTTP server. */
export async function createViteClient(httpServer: Server) {
  const { createServer } = await import("vite");
  const root = path.resolve(here, "..");
  const vite = await createServer({
    configFile: path.join(root, "vite.config.ts"),
    server: { middlewareMode: true, hmr: { server: httpServer } },
    appType: "custom",
  });
  const mount = (app: Express) => {
    app.use(vite.middlewares);
    app.use(async (req, res, next) => {
      if (req.method !== "GET" || NOT_CLIENT.test(req.path)) return next();
      try {
        const template = fs.readFileSync(path.join(root, "client/index.html"), "utf8");
        res.vary("Accept-Encoding");
        res
          .status(clientPageStatus(req.path, res))
          .type("html")
          .end(pageFor(await vite.transformIndexHtml(req.originalUrl, template), res));
      } catch (error) {
        vite.ssrFixStacktrace(error as Error);
        next(error);
      }
    });
  };
  return { mount, close: () => vite.close() };
}
