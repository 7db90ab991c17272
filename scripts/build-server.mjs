// Bundles the server (TypeScript, with the @shared alias) into dist/server/index.js, and the
// document worker threads' entry beside it as dist/server/pdf-worker.js (the server starts
// its threads from that file: server/documents/document-renderer.ts), with the fonts kept in
// the repository copied to dist/server/fonts/.
// npm packages stay external: production installs them with `npm ci --omit=dev`.
import fs from "node:fs";
import path from "node:path";
import { build } from "esbuild";

const distDir = process.env.DIST_DIR ?? "dist";

await build({
  entryPoints: { index: "server/index.ts", "pdf-worker": "server/documents/pdf-worker.ts" },
  outdir: path.join(distDir, "server"),
  bundle: true,
  platform: "node",
  target: "node20",
  format: "esm",
  packages: "external",
  sourcemap: true,
  tsconfig: "tsconfig.json",
  logLevel: "warning",
});
// The fonts the documents carry in the repository (not in an npm package) go beside the
// bundles, where server/documents/pdf-fonts.ts looks for them: dist/server/fonts/.
const fontsDir = path.join(distDir, "server", "fonts");
fs.mkdirSync(fontsDir, { recursive: true });
for (const file of fs.readdirSync("server/documents/fonts")) {
  if (/\.(otf|ttf)$/.test(file)) fs.copyFileSync(path.join("server/documents/fonts", file), path.join(fontsDir, file));
}
// A build folder outside the repository (parallel checks) still needs the installed packages.
const outside = path.relative(process.cwd(), path.resolve(distDir)).startsWith("..");
const link = path.join(distDir, "node_modules");
if (outside && !fs.existsSync(link)) fs.symlinkSync(path.resolve("node_modules"), link, "dir");
console.log(`built ${path.join(distDir, "server/index.js")}`);
