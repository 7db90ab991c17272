import crypto from "node:crypto";
import type { Request, RequestHandler } from "express";
import helmet from "helmet";
import type { AppContext } from "../context";
import { isSignInPagePath } from "../auth/auth-pages";
import { isApiPath } from "./route-case";
import { THEME_INIT_SCRIPT } from "@shared/theme-init";

/** The one inline script the pages carry (shared/theme-init.ts), allowed by its hash. */
export const THEME_INIT_SCRIPT_SOURCE = `'sha256-${crypto.createHash("sha256").update(THEME_INIT_SCRIPT).digest("base64")}'`;

/** What the pages may load: the app's own files, Stripe, embedded players and uploads. */
function pageContentSecurityPolicy(config: AppContext["config"]) {
  // Logos go straight from the browser to the bucket when the GCS driver signs the upload.
  const uploadHosts = config.storage.driver === "gcs" ? ["https://storage.googleapis.com"] : [];
  return {
    useDefaults: true,
    directives: {
      "script-src": ["'self'", THEME_INIT_SCRIPT_SOURCE, "https://js.stripe.com", "https://*.js.stripe.com"],
      "frame-src": ["'self'", "https:"],
      "connect-src": ["'self'", "https://api.stripe.com", ...uploadHosts],
      "img-src": ["'self'", "data:", "blob:", "https:"],
      "media-src": ["'self'", "blob:", "https:"],
      // The door's QR reader, where the browser has no BarcodeDetector, decodes in a worker
      // that its library starts from a blob of its own code.
      "worker-src": ["'self'", "blob:"],
      "style-src": ["'self'", "'unsafe-inline'"],
      // Signing out posts a form whose answer may redirect to the issuer's end-session page.
      "form-action": ["'self'", ...(config.oidc ? [new URL(config.oidc.issuerUrl).origin] : [])],
      "upgrade-insecure-requests": null,
    },
  };
}

/**
 * The API reference's page (GET /api/docs) loads only its own scripts, styles and the document
 * from this origin, and Swagger UI's icons as data: images, so it gets a policy of its own,
 * stricter than the pages': no `https:` images or frames, no Stripe, nothing from outside.
 * "Try it out" calls this origin (connect-src 'self'). Set by the reference's own route
 * (features/api-docs), over the pages' policy that helmet wrote first.
 */
export const API_REFERENCE_CONTENT_SECURITY_POLICY = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data:",
  "connect-src 'self'",
  "font-src 'self'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
  "object-src 'none'",
].join(";");

/**
 * Answers of the API that are data (JSON, files, feeds), as opposed to a page a person opens
 * (the sign-in and sign-out navigations live under /api too and answer with pages, and so do the
 * routes a feature declares as `pages`, such as the API reference). A path under /api in another
 * case is the API's too: its 404 is data.
 */
export function isApiData(req: Pick<Request, "path">, isApiPage: (path: string) => boolean = () => false): boolean {
  return isApiPath(req.path) && !isSignInPagePath(req.path) && !isApiPage(req.path);
}

/**
 * Helmet's headers, in two sets (docs/decisions/020-api-security-headers.md). Pages get the full
 * set with the page policy. Data from the API is never a document a browser runs, so it gets
 * the headers that still mean something for it: a policy that allows nothing and no framing
 * (should one be opened directly), nosniff, and Cross-Origin-Resource-Policy (another site
 * cannot pull it in with a <script> or <img>). The document-only headers (COOP, Origin-Agent-
 * Cluster, DNS prefetch, IE's download and XSS switches, Adobe's cross-domain policy, the
 * referrer policy) are left off: every answer a hot list sends is that much smaller.
 * HSTS is added elsewhere, on answers that went out over HTTPS.
 */
export function createSecurityHeaders(
  config: AppContext["config"],
  isApiPage: (path: string) => boolean = () => false,
): RequestHandler {
  const pages = helmet({
    // Vite's dev server injects inline scripts, so the strict policy applies to built assets.
    contentSecurityPolicy: config.env === "development" ? false : pageContentSecurityPolicy(config),
    strictTransportSecurity: false,
    // Not "no-referrer": with it browsers send `Origin: null` on the app's own form posts
    // (Log Out), which the same-origin rule must refuse. Other sites still get no referrer.
    referrerPolicy: { policy: "same-origin" },
  });
  const data = helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: { "default-src": ["'none'"], "frame-ancestors": ["'none'"] },
    },
    xFrameOptions: { action: "deny" },
    crossOriginResourcePolicy: { policy: "same-origin" },
    strictTransportSecurity: false,
    crossOriginOpenerPolicy: false,
    originAgentCluster: false,
    referrerPolicy: false,
    xDnsPrefetchControl: false,
    xDownloadOptions: false,
    xPermittedCrossDomainPolicies: false,
    xXssProtection: false,
  });
  return (req, res, next) => (isApiData(req, isApiPage) ? data : pages)(req, res, next);
}
