// Fails when the landing page's first-load JavaScript reaches the budget (under 150 KB
// gzipped; docs/operations.md, "Figures"). First load = the entry chunk of index.html plus
// every chunk it imports statically; lazily loaded pages (dynamic imports) are not part of a
// first visit.
// Reads the Vite manifest of the production build in $DIST_DIR/public (default dist/).
import fs from "node:fs";
import path from "node:path";
import zlib from "node:zlib";

export const BUDGET_BYTES = 150 * 1024;

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

const files = firstLoadChunks(entryKey).filter((file) => file.endsWith(".js"));
let total = 0;
for (const file of files) {
  // Level 6 is what the server's compression middleware sends.
  const gzipped = zlib.gzipSync(fs.readFileSync(path.join(publicDir, file)), { level: 6 }).length;
  total += gzipped;
  console.log(`  ${file}  ${(gzipped / 1024).toFixed(1)} KB gzipped`);
}

const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;
if (total >= BUDGET_BYTES) {
  console.error(`Landing first-load JavaScript is ${kb(total)} gzipped: at or over the ${kb(BUDGET_BYTES)} budget.`);
  process.exit(1);
}
console.log(`Landing first-load JavaScript: ${kb(total)} gzipped (budget ${kb(BUDGET_BYTES)}).`);
