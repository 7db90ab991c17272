// Bundles the server (TypeScript, with the @shared alias) into dist/server/index.js.
// npm packages stay external: production installs them with `npm ci --omit=dev`.
import path from "node:path";
import { build } from "esbuild";

const distDir = process.env.DIST_DIR ?? "dist";

await build({
  entryPoints: ["server/index.ts"],
  outfile: path.join(distDir, "server/index.js"),
  bundle: true,
  platform: "node",
  target: "node20",
  format: "esm",
  packages: "external",
  sourcemap: true,
  tsconfig: "tsconfig.json",
  logLevel: "warning",
});
console.log(`built ${path.join(distDir, "server/index.js")}`);
