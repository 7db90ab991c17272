import path from "node:path";
import { fileURLToPath } from "node:url";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vitest/config";

const repoRoot = path.dirname(fileURLToPath(import.meta.url));

export default defineConfig({
  plugins: [react()],
  resolve: {
    alias: {
      "@": path.resolve(repoRoot, "client/src"),
      "@shared": path.resolve(repoRoot, "shared"),
    },
  },
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: "client",
          environment: "jsdom",
          include: ["client/src/**/*.test.{ts,tsx}"],
          // Vitest's default is one worker fewer than the cores: one, on a 2-core machine. The
          // client and server files share one pool of three (a group has one count): jsdom
          // files keep the cores busy while API files wait on PostgreSQL.
          maxWorkers: 3,
          setupFiles: ["client/src/test/setup.ts"],
          testTimeout: 20_000,
        },
      },
      {
        extends: true,
        test: {
          name: "server",
          environment: "node",
          include: ["server/**/*.test.ts", "shared/**/*.test.ts"],
          // Each API test file gets its own database; forks keep native pg state apart.
          pool: "forks",
          maxWorkers: 3,
          // A worker keeps the app's modules between files instead of loading them again for
          // each (docs/decisions/042-a-short-test-run.md); every file still has its own
          // database, app and port, and no server test mocks a module.
          isolate: false,
          globalSetup: ["server/test/global-setup.ts"],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        extends: true,
        test: {
          // Browser journeys against the production build; run by scripts/run-e2e.mjs.
          name: "e2e",
          environment: "node",
          include: ["e2e/**/*.spec.ts"],
          pool: "forks",
          // Each journey has its own server, database and browser: two run side by side.
          maxWorkers: 2,
          sequence: { groupOrder: 1 },
          globalSetup: ["server/test/global-setup.ts"],
          // A journey that scans a dozen pages with axe takes 30–60 s while another journey
          // shares the two cores; two minutes still stops one that hangs.
          testTimeout: 120_000,
          hookTimeout: 90_000,
        },
      },
    ],
  },
});
