// Fails when a page's JavaScript goes over its budget, in bytes as the server sends them to
// Chrome (`Accept-Encoding: gzip, deflate, br, zstd`: the Brotli copies of
// scripts/precompress-assets.mjs), budgets in scripts/page-budgets.mjs. A page's load is the
// entry with its static imports, the page's chunk with its own, and what the page mounts as it
// loads: the landing its cart and buy buttons (all it imports lazily), a member's page the cart
// sync (client/src/app/router.tsx). What loads on a click (the purchase dialog) is not part of
// the visit. `npm run bench:web` measures the same two loads in Chromium.
// Also fails when any client chunk contains drizzle's table code or drizzle-zod, which belong
// to the server (docs/decisions/021-tables-apart-from-contracts.md).
// Reads the Vite manifest of the production build in $DIST_DIR/public (default dist/).
import fs from "node:fs";
import path from "node:path";
import { LANDING_BUDGET_BYTES, SIGNED_IN_BUDGET_BYTES } from "./page-budgets.mjs";

const LANDING_PAGE = "src/pages/landing-page.tsx";
const SIGNED_IN_PAGE = "src/pages/tickets-page.tsx";
/** Mounted beside every page of a signed-in member (client/src/app/router.tsx). */
const MEMBER_CHUNK_NAME = "member-cart-sync";

const publicDir = path.resolve(process.env.DIST_DIR ?? "dist", "public");
const manifestPath = path.join(publicDir, ".vite", "manifest.json");
if (!fs.existsSync(manifestPath)) {
  console.error(`Bundle size check: no Vite manifest at ${manifestPath}. Run \`npm run build\` first.`);
  process.exit(1);
}
const manifest = JSON.parse(fs.readFileSync(manifestPath, "utf8"));

const entryKey = Object.keys(manifest).find((key) => manifest[key].isEntry && key.endsWith("index.html"));
if (!entryKey) {
  console.error("Bundle size check: the manifest has no entry for index.html.");
  process.exit(1);
}
const memberKey = Object.keys(manifest).find(
  (key) => manifest[key].isDynamicEntry && manifest[key].name === MEMBER_CHUNK_NAME,
);
for (const [key, what] of [
  [LANDING_PAGE, LANDING_PAGE],
  [SIGNED_IN_PAGE, SIGNED_IN_PAGE],
  [memberKey, `the ${MEMBER_CHUNK_NAME} chunk`],
]) {
  if (!key || !manifest[key]) {
    console.error(`Bundle size check: the manifest has no chunk for ${what}.`);
    process.exit(1);
  }
}

/** A chunk and its static imports, each once, in load order. */
function loadedChunks(key, seen = new Set()) {
  if (seen.has(key)) return [];
  seen.add(key);
  const chunk = manifest[key];
  return [chunk.file, ...(chunk.imports ?? []).flatMap((child) => loadedChunks(child, seen))];
}

/** What the server sends Chrome for a built file: its Brotli copy when it has one. */
function sentBytes(file) {
  const full = path.join(publicDir, file);
  return fs.existsSync(`${full}.br`) ? fs.statSync(`${full}.br`).size : fs.statSync(full).size;
}

function measure(keys) {
  const seen = new Set();
  const files = keys.flatMap((key) => loadedChunks(key, seen)).filter((file) => file.endsWith(".js"));
  let total = 0;
  for (const file of files) {
    const bytes = sentBytes(file);
    total += bytes;
    console.log(`  ${file}  ${bytes.toLocaleString("en")} bytes`);
  }
  return total;
}

let failed = false;
function check(label, keys, budget) {
  const bytes = measure(keys);
  const figures = `${bytes.toLocaleString("en")} bytes as sent (budget ${budget.toLocaleString("en")})`;
  if (bytes > budget) {
    console.error(`${label} JavaScript is ${figures}: over the budget.`);
    failed = true;
  } else {
    console.log(`${label} JavaScript: ${figures}.`);
  }
}

check("Landing", [entryKey, LANDING_PAGE, ...(manifest[LANDING_PAGE].dynamicImports ?? [])], LANDING_BUDGET_BYTES);
check("/tickets", [entryKey, SIGNED_IN_PAGE, memberKey], SIGNED_IN_BUDGET_BYTES);

/**
 * Strings only drizzle's code contains, so they survive minification: the key of the symbols
 * every drizzle table carries, pg-core's entity kind for tables, and a column type drizzle-zod
 * maps (MySQL-family types no PostgreSQL app names).
 */
const SERVER_ONLY_MARKERS = [
  { pattern: /drizzle:Columns/, name: "drizzle-orm's table code" },
  { pattern: /["'`]PgTable["'`]/, name: "drizzle-orm/pg-core" },
  { pattern: /["'`]SingleStoreVarChar["'`]/, name: "drizzle-zod" },
];
const clientChunks = [...new Set(Object.values(manifest).map((chunk) => chunk.file))].filter((file) =>
  file.endsWith(".js"),
);
let drizzleFound = false;
for (const file of clientChunks) {
  const code = fs.readFileSync(path.join(publicDir, file), "utf8");
  for (const marker of SERVER_ONLY_MARKERS.filter(({ pattern }) => pattern.test(code))) {
    console.error(
      `${file} contains ${marker.name}: client code imports a table or drizzle (docs/decisions/021-tables-apart-from-contracts.md).`,
    );
    drizzleFound = true;
  }
}
if (drizzleFound) failed = true;
else console.log(`Client JavaScript: none of the ${clientChunks.length} chunks contains drizzle.`);
if (failed) process.exit(1);
