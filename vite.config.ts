import path from "node:path";
import { fileURLToPath } from "node:url";
import tailwindcss from "@tailwindcss/vite";
import react from "@vitejs/plugin-react";
import { defineConfig, type Plugin } from "vite";
import { THEME_INIT_SCRIPT } from "./shared/theme-init";

const repoRoot = path.dirname(fileURLToPath(import.meta.url));
// DIST_DIR lets parallel checks build into separate folders; the default is dist/.
const distDir = path.resolve(repoRoot, process.env.DIST_DIR ?? "dist");

/** Puts the theme script into <head> inline (see shared/theme-init.ts). */
function inlineThemeScript(): Plugin {
  return {
    name: "label:inline-theme-script",
    transformIndexHtml: {
      order: "pre",
      handler: () => [{ tag: "script", children: THEME_INIT_SCRIPT, injectTo: "head" }],
    },
  };
}

export default defineConfig({
  root: path.resolve(repoRoot, "client"),
  plugins: [react(), tailwindcss(), inlineThemeScript()],
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
