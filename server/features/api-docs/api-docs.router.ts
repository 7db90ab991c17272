import { createRequire } from "node:module";
import path from "node:path";
import express from "express";
import type { FileRoute } from "@shared/api-route";
import type { Contract } from "@shared/contract";
import { buildOpenApiDocument } from "../../lib/openapi";
import { API_REFERENCE_CONTENT_SECURITY_POLICY } from "../../lib/security-headers";
import type { RouteSets } from "../../lib/route-sets";
import { THEME_INIT_SCRIPT } from "@shared/theme-init";
import { API_DOCS_INIT_SCRIPT, API_DOCS_PAGE, API_DOCS_STYLES } from "./api-docs-page";

const DOCUMENT = "/openapi.json";
const REFERENCE = "/docs";
const INIT_SCRIPT = `${REFERENCE}/api-docs-init.js`;
const STYLES = `${REFERENCE}/api-docs.css`;
/** The app's own theme script, as a file: the reference's policy allows no inline script. */
const THEME_SCRIPT = `${REFERENCE}/theme.js`;
/** Swagger UI's own files, by name: no request path ever reaches the file system. */
const SWAGGER_FILES = ["swagger-ui.css", "swagger-ui-bundle.js"] as const;
const REFERENCE_PATHS = [
  REFERENCE,
  INIT_SCRIPT,
  THEME_SCRIPT,
  STYLES,
  ...SWAGGER_FILES.map((file) => `${REFERENCE}/${file}`),
];

/**
 * The document and its reference read nothing per visitor: they skip the session (public
 * reads), and the reference is a page, so it gets the page's security headers, not the data's.
 */
export const apiDocsRouteSets: RouteSets = {
  publicReads: [DOCUMENT, ...REFERENCE_PATHS],
  pages: REFERENCE_PATHS,
};

const swaggerDir = path.dirname(createRequire(import.meta.url).resolve("swagger-ui-dist/package.json"));

/**
 * GET /api/openapi.json: the OpenAPI 3.1 document generated once, at start, from every contract
 * the app serves; GET /api/docs: a readable reference of it (docs/decisions/027-one-contract-per-route.md).
 */
export function createApiDocsRouter(contracts: readonly Contract[], files: readonly FileRoute[] = []) {
  const document = JSON.stringify(buildOpenApiDocument(contracts, { version: "1.0.0", files }));
  const router = express.Router({ caseSensitive: true });
  // Browsers revalidate; the document changes only with a deploy. Vary is set before the body,
  // so the 304 Express answers for a matching ETag carries it like the 200 (RFC 9110 §15.4.5):
  // the compression middleware adds it only where it sees a body.
  const revalidate = (res: express.Response) => {
    res.setHeader("Cache-Control", "public, max-age=0, must-revalidate");
    res.vary("Accept-Encoding");
  };

  router.get(DOCUMENT, (_req, res) => {
    revalidate(res);
    res.type("application/json").send(document);
  });
  router.get(REFERENCE, (_req, res) => {
    revalidate(res);
    res.setHeader("Content-Security-Policy", API_REFERENCE_CONTENT_SECURITY_POLICY);
    res.type("html").send(API_DOCS_PAGE);
  });
  router.get(INIT_SCRIPT, (_req, res) => {
    revalidate(res);
    res.type("js").send(API_DOCS_INIT_SCRIPT);
  });
  router.get(THEME_SCRIPT, (_req, res) => {
    revalidate(res);
    res.type("js").send(THEME_INIT_SCRIPT);
  });
  router.get(STYLES, (_req, res) => {
    revalidate(res);
    res.type("css").send(API_DOCS_STYLES);
  });
  for (const file of SWAGGER_FILES) {
    router.get(`${REFERENCE}/${file}`, (_req, res, next) => {
      res.vary("Accept-Encoding");
      res.sendFile(path.join(swaggerDir, file), { maxAge: "1h" }, (error) => error && next(error));
    });
  }
  return router;
}
