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
    // .vite/manifest.json: scripts/check-bundle-size.mjs follows the chunks a page loads.
    manifest: true,
    rolldownOptions: {
      // An app, not a library: no chunk has to keep the entry's exports as they were written.
      preserveEntrySignatures: false,
      output: {
        codeSplitting: {
          // What the entry imports statically (React and its DOM, the query client, the router,
          // the providers) is one file, as every page needs all of it; left to itself the bundler
          // spread it over shared chunks.
          groups: [{ name: "index", tags: ["$initial"] }],
          // A common chunk under 8 KB (before minifying) is copied into each chunk that imports
          // it instead: a page then loads a handful of files, not dozens of few-hundred-byte
          // icons, contracts and helpers, each with its own request, header and compression
          // window. The copies cost a member who visits several pages a few repeated bytes.
          // Experimental in Rolldown (it turns on strict execution order): `npm run bench:web`
          // and the bundle check measure what it gives (docs/decisions/046-a-lighter-page.md).
          experimentalInlineCommonChunks: { maxSize: 8192 },
        },
      },
    },
    // Every browser the app supports preloads modules itself; the polyfill only cost bytes.
    modulePreload: { polyfill: false },
  },
  server: {
    // The client imports shared/ contracts, which live outside the Vite root.
    fs: { strict: true, allow: [repoRoot] },
  },
});
