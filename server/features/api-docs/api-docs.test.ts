import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fileMediaTypes, type FileRoute } from "@shared/api-route";
import { THEME_INIT_SCRIPT } from "@shared/theme-init";
import { openApiPath } from "../../lib/openapi";
import { startTestApp, type TestApp } from "../../test/app-harness";

const sharedDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../../shared");

/** Every `fileRoute` declared in shared/*.api.ts, found by what it is, not by a list. */
async function declaredFileRoutes(): Promise<FileRoute[]> {
  const files: FileRoute[] = [];
  for (const name of fs.readdirSync(sharedDir).filter((file) => file.endsWith(".api.ts"))) {
    const module = (await import(path.join(sharedDir, name))) as Record<string, unknown>;
    for (const table of Object.values(module)) {
      if (!table || typeof table !== "object") continue;
      for (const entry of Object.values(table)) {
        const route = entry as Partial<FileRoute & { aliases: unknown }>;
        if (route?.method === "GET" && typeof route.path === "string" && !("aliases" in route))
          files.push(route as FileRoute);
      }
    }
  }
  return files;
}

let app: TestApp;

beforeAll(async () => {
  // Production, so the page policy (CSP) is on as in the build people use.
  app = await startTestApp({
    env: { NODE_ENV: "production", SESSION_SECRET: "s".repeat(40), ALLOW_BUILTIN_LOGIN: "true" },
  });
});
afterAll(() => app?.close());

describe("GET /api/openapi.json", () => {
  it("documents each contract route with its request body, answers, errors and security", async () => {
    const res = await app.agent().get("/api/openapi.json").expect(200);
    expect(res.headers["content-type"]).toMatch(/application\/json/);
    const { paths, components } = res.body;
    const patch = paths["/api/featured-artists/{id}"].patch;
    expect(patch.parameters).toEqual([expect.objectContaining({ name: "id", in: "path", required: true })]);
    expect(patch.requestBody.content["application/json"].schema.properties).toHaveProperty("artistName");
    expect(Object.keys(patch.responses).sort()).toEqual(["200", "400", "401", "403", "404"]);
    expect(patch.responses["400"].content["application/json"].schema).toEqual({
      $ref: "#/components/schemas/ApiError",
    });
    expect(patch.security).toEqual([{ sessionCookie: [] }]);
    expect(patch["x-access"]).toBe("admin");
    expect(paths["/api/featured-artists"].get.security).toEqual([]);
    expect(paths["/api/development-resources"].get.parameters).toEqual([
      expect.objectContaining({ name: "category", in: "query", required: false }),
    ]);
    expect(components.schemas.FeaturedArtist.properties.createdAt).toMatchObject({
      type: "string",
      format: "date-time",
    });
    expect(components.securitySchemes.sessionCookie).toMatchObject({ type: "apiKey", in: "cookie" });
  });

  it("names the server it describes, relative to the document", async () => {
    const { servers } = (await app.agent().get("/api/openapi.json").expect(200)).body;
    expect(servers).toEqual([expect.objectContaining({ url: "/" })]);
  });

  it("documents the royalty import's multipart body: `rates` (JSON) first, then the `file`", async () => {
    const { paths } = (await app.agent().get("/api/openapi.json").expect(200)).body;
    const body = paths["/api/royalty-imports"].post.requestBody;
    expect(body.required).toBe(true);
    expect(Object.keys(body.content)).toEqual(["multipart/form-data"]);
    const { schema, encoding } = body.content["multipart/form-data"];
    expect(Object.keys(schema.properties)).toEqual(["rates", "file"]);
    expect(schema.required).toEqual(["rates", "file"]);
    expect(schema.properties.rates).toMatchObject({ type: "object", description: expect.stringMatching(/before/i) });
    expect(schema.properties.file).toMatchObject({ type: "string", format: "binary" });
    expect(encoding.rates.contentType).toBe("application/json");
    expect(encoding.file.contentType).toMatch(/text\/tab-separated-values.*text\/csv/);
    expect(body.description).toMatch(/`rates`, then `file`/);
  });

  it("documents every file route declared in shared/ with its media types, access and errors", async () => {
    const { paths } = (await app.agent().get("/api/openapi.json").expect(200)).body;
    const declared = await declaredFileRoutes();
    expect(declared.length).toBeGreaterThanOrEqual(12);
    for (const file of declared) {
      const operation = paths[openApiPath(file.path)]?.get;
      expect(operation, file.path).toBeDefined();
      expect(Object.keys(operation.responses["200"].content), file.path).toEqual([...fileMediaTypes(file)]);
      // A path without .csv, .ics or .pdf must say what it answers (fileRoute's `mediaTypes`).
      expect(fileMediaTypes(file), `${file.path}: declare its mediaTypes`).not.toContain("application/octet-stream");
      expect(operation.summary, file.path).toEqual(expect.any(String));
      expect(operation["x-access"], file.path).toBe(file.access);
      if (file.access !== "public") expect(operation.responses, file.path).toHaveProperty("401");
    }
    const byPath = (p: string) => Object.keys(paths[p].get.responses["200"].content);
    expect(byPath("/api/invoices/{id}/pdf")).toEqual(["application/pdf"]);
    expect(byPath("/api/invoices/export.csv")).toEqual(["text/csv"]);
    expect(byPath("/api/tickets/{id}/calendar.ics")).toEqual(["text/calendar"]);
    expect(paths["/api/shows/{id}.ics"].get.parameters).toEqual([
      expect.objectContaining({ name: "id", in: "path", required: true }),
    ]);
  });

  it("reads no session: no cookie is set and the answer may be kept by any cache until revalidated", async () => {
    const res = await app.agent().get("/api/openapi.json").expect(200);
    expect(res.headers["set-cookie"]).toBeUndefined();
    expect(res.headers["cache-control"]).toBe("public, max-age=0, must-revalidate");
  });
});

describe("GET /api/docs", () => {
  it("is a page whose scripts and styles are the app's own files, with no inline script", async () => {
    const res = await app.agent().get("/api/docs").expect(200);
    expect(res.headers["content-type"]).toMatch(/text\/html/);
    const policy = res.headers["content-security-policy"];
    expect(policy).toMatch(/script-src 'self'/);
    expect(policy).not.toMatch(/script-src[^;]*'unsafe-inline'/);
    // No inline script: each one has a src on this origin.
    const scripts = [...res.text.matchAll(/<script([^>]*)>/g)].map((match) => match[1]);
    expect(scripts.length).toBeGreaterThan(0);
    for (const attributes of scripts) expect(attributes).toMatch(/src="\/api\/docs\//);
    const assets = [...res.text.matchAll(/(?:src|href)="(\/api\/docs\/[^"]+)"/g)].map((match) => match[1]);
    expect(assets).toEqual([
      "/api/docs/swagger-ui.css",
      "/api/docs/api-docs.css",
      "/api/docs/theme.js",
      "/api/docs/swagger-ui-bundle.js",
      "/api/docs/api-docs-init.js",
    ]);
    for (const asset of assets) {
      const file = await app.agent().get(asset).expect(200);
      expect(file.headers["content-type"]).toMatch(asset.endsWith(".js") ? /javascript/ : /text\/css/);
    }
    const init = await app.agent().get("/api/docs/api-docs-init.js");
    // Never sends the document to an outside validator.
    expect(init.text).toMatch(/validatorUrl: null/);
  });

  it("follows the app's theme before the first paint and links back to the app", async () => {
    const page = await app.agent().get("/api/docs").expect(200);
    expect(page.text).toMatch(/<a href="\/">← Back to Label Records<\/a>/);
    // The theme script sits in <head>, before Swagger UI draws anything.
    expect(page.text.indexOf("/api/docs/theme.js")).toBeLessThan(page.text.indexOf("</head>"));
    const theme = await app.agent().get("/api/docs/theme.js").expect(200);
    expect(theme.text).toBe(THEME_INIT_SCRIPT);
    const styles = await app.agent().get("/api/docs/api-docs.css").expect(200);
    expect(styles.text).toMatch(/html\.dark \.swagger-ui \{ filter: invert/);
  });

  it("has a policy of its own that loads nothing from outside: no https: images, frames or Stripe", async () => {
    const res = await app.agent().get("/api/docs").expect(200);
    const directives = new Map(
      res.headers["content-security-policy"].split(";").map((directive: string) => {
        const [name, ...values] = directive.trim().split(/\s+/);
        return [name, values.join(" ")] as const;
      }),
    );
    expect(directives.get("default-src")).toBe("'none'");
    expect(directives.get("script-src")).toBe("'self'");
    expect(directives.get("style-src")).toBe("'self'");
    expect(directives.get("img-src")).toBe("'self' data:");
    expect(directives.get("connect-src")).toBe("'self'");
    expect(directives.get("frame-ancestors")).toBe("'none'");
    expect(directives.has("frame-src")).toBe(false);
    expect(res.headers["content-security-policy"]).not.toMatch(/https:|stripe|unsafe-inline|blob:/);
    // Only one policy: a second header would be enforced as well, and the pages' allows more.
    expect(res.headers["content-security-policy"]).not.toContain(",");
  });

  it("serves nothing else from the package's folder", async () => {
    await app.agent().get("/api/docs/package.json").expect(404);
    await app.agent().get("/api/docs/..%2fpackage.json").expect(404);
  });
});

describe("revalidating the reference and its document", () => {
  it.each(["/api/openapi.json", "/api/docs", "/api/docs/api-docs-init.js", "/api/docs/swagger-ui.css"])(
    "answers %s's 304 with the Vary of its 200 (RFC 9110 §15.4.5)",
    async (path) => {
      const first = await app.agent().get(path).set("Accept-Encoding", "gzip").expect(200);
      expect(first.headers.vary).toMatch(/Accept-Encoding/);
      const validator = first.headers.etag
        ? { "If-None-Match": first.headers.etag }
        : { "If-Modified-Since": first.headers["last-modified"] };
      const again = await app.agent().get(path).set("Accept-Encoding", "gzip").set(validator).expect(304);
      expect(again.headers.vary).toBe(first.headers.vary);
    },
  );
});
