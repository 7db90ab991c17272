// Lints the OpenAPI document the app serves at GET /api/openapi.json with Redocly's recommended
// rules (redocly.yaml), as `npm run lint` does. The document is built from the contracts as the
// server builds it at start, written to a temporary file, and checked offline: no telemetry, no
// update check (docs/decisions/040-documents-every-client-reads.md).
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { buildOpenApiDocument } from "../server/lib/openapi";
import { API_CONTRACTS, API_FILES } from "../server/features";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const dir = fs.mkdtempSync(path.join(os.tmpdir(), "label-openapi-"));
const file = path.join(dir, "openapi.json");
try {
  fs.writeFileSync(file, JSON.stringify(buildOpenApiDocument(API_CONTRACTS, { version: "1.0.0", files: API_FILES })));
  const lint = spawnSync(
    path.join(root, "node_modules/.bin/redocly"),
    ["lint", file, "--config", path.join(root, "redocly.yaml"), "--format", "stylish"],
    {
      stdio: "inherit",
      env: { ...process.env, REDOCLY_TELEMETRY: "off", REDOCLY_SUPPRESS_UPDATE_NOTICE: "true" },
    },
  );
  process.exitCode = lint.status ?? 1;
} finally {
  fs.rmSync(dir, { recursive: true, force: true });
}
