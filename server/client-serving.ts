import express, { type Express } from "express";
import type { Server } from "node:http";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const here = path.dirname(fileURLToPath(import.meta.url));
const NOT_CLIENT = /^\/(api|oidc|objects)(\/|$)/;

/** Production: the Vite build in dist/public, hashed assets cached for a year, SPA fallback. */
export function serveBuiltClient(app: Express, options: { required: boolean }) {
  const candidates = [path.resolve(here, "../public"), path.resolve(here, "../dist/public")];
  const root = candidates.find((dir) => fs.existsSync(path.join(dir, "index.html")));
  if (!root) {
    // Production must have the client; a test run of the API alone does not need it.
    if (options.required) throw new Error("The client is not built: run `npm run build` first");
    return;
  }
  app.use("/assets", express.static(path.join(root, "assets"), { immutable: true, maxAge: "1y", index: false }));
  app.use(express.static(root, { index: false, maxAge: "1h" }));
  const indexHtml = fs.readFileSync(path.join(root, "index.html"), "utf8");
  app.use((req, res, next) => {
    if (req.method !== "GET" || NOT_CLIENT.test(req.path)) return next();
    res.setHeader("Cache-Control", "no-cache");
    res.type("html").send(indexHtml);
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
        res.status(200).type("html").end(await vite.transformIndexHtml(req.originalUrl, template));
      } catch (error) {
        vite.ssrFixStacktrace(error as Error);
        next(error);
      }
    });
  };
  return { mount, close: () => vite.close() };
}
