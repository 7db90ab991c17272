// Fails when the landing page's first-load JavaScript reaches the budget (under 150 KB
// gzipped; docs/operations.md, "Figures"), or a signed-in page's (/tickets: under 130 KB).
// First load = the entry chunk of index.html plus every chunk it imports statically, and for a
// signed-in page its lazily loaded page chunk with that chunk's static imports; what a page
// loads later (a dialog opened on click) is not part of the visit.
// Also fails when any client chunk contains drizzle's table code or drizzle-zod, which belong
// to the server (docs/decisions/021-tables-apart-from-contracts.md).
// Reads the Vite manifest of the production build in $DIST_DIR/public (default dist/).
import fs from "node:fs";
import path from "node:path";
import zlib from "node:zlib";

export const BUDGET_BYTES = 150 * 1024;
export const SIGNED_IN_BUDGET_BYTES = 130 * 1024;
const SIGNED_IN_PAGE = "src/pages/tickets-page.tsx";

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

/** The entry and its static imports, each once, in load order. */
function firstLoadChunks(key, seen = new Set()) {
  if (seen.has(key)) return [];
  seen.add(key);
  const chunk = manifest[key];
  return [chunk.file, ...(chunk.imports ?? []).flatMap((child) => firstLoadChunks(child, seen))];
}

// Level 6 is what the server's compression middleware sends.
const gzippedSize = (file) => zlib.gzipSync(fs.readFileSync(path.join(publicDir, file)), { level: 6 }).length;
const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;

function measure(keys) {
  const seen = new Set();
  const files = keys.flatMap((key) => firstLoadChunks(key, seen)).filter((file) => file.endsWith(".js"));
  let total = 0;
  for (const file of files) {
    const gzipped = gzippedSize(file);
    total += gzipped;
    console.log(`  ${file}  ${kb(gzipped)} gzipped`);
  }
  return total;
}

let failed = false;
const landing = measure([entryKey]);
if (landing >= BUDGET_BYTES) {
  console.error(`Landing first-load JavaScript is ${kb(landing)} gzipped: at or over the ${kb(BUDGET_BYTES)} budget.`);
  failed = true;
} else {
  console.log(`Landing first-load JavaScript: ${kb(landing)} gzipped (budget ${kb(BUDGET_BYTES)}).`);
}

if (!manifest[SIGNED_IN_PAGE]) {
  console.error(`Bundle size check: the manifest has no chunk for ${SIGNED_IN_PAGE}.`);
  process.exit(1);
}
const signedIn = measure([entryKey, SIGNED_IN_PAGE]);
if (signedIn >= SIGNED_IN_BUDGET_BYTES) {
  console.error(`/tickets JavaScript is ${kb(signedIn)} gzipped: at or over the ${kb(SIGNED_IN_BUDGET_BYTES)} budget.`);
  failed = true;
} else {
  console.log(`/tickets JavaScript: ${kb(signedIn)} gzipped (budget ${kb(SIGNED_IN_BUDGET_BYTES)}).`);
}

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
