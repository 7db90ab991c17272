import path from "node:path";
import { fileURLToPath } from "node:url";
import tailwindcss from "@tailwindcss/vite";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";

const repoRoot = path.dirname(fileURLToPath(import.meta.url));
// DIST_DIR lets parallel checks build into separate folders; the default is dist/.
const distDir = path.resolve(repoRoot, process.env.DIST_DIR ?? "dist");

export default defineConfig({
  root: path.resolve(repoRoot, "client"),
  plugins: [react(), tailwindcss()],
  resolve: {
    alias: {
      "@": path.resolve(repoRoot, "client/src"),
      "@shared": path.resolve(repoRoot, "shared"),
    },
  },
  build: {
    outDir: path.join(distDir, "public"),
    emptyOutDir: true,
    // .vite/manifest.json: scripts/check-bundle-size.mjs reads the entry chunk's static imports.
    manifest: true,
  },
  server: {
    // The client imports shared/ contracts, which live outside the Vite root.
    fs: { strict: true, allow: [repoRoot] },
  },
});
