// Browser journeys: Playwright (playwright-core) driving Debian's Chromium against the built
// app. Never downloads a browser. Without Chromium the journeys are skipped with one clear
// line, unless REQUIRE_BROWSER=1 (CI), which turns the skip into a failure.
import { existsSync } from "node:fs";
import { spawnSync } from "node:child_process";

const chromium = process.env.CHROMIUM_PATH || "/usr/bin/chromium";
if (!existsSync(chromium)) {
  const line = `Browser tests skipped: no Chromium at ${chromium} (apt-get install chromium, or set CHROMIUM_PATH).`;
  if (process.env.REQUIRE_BROWSER === "1") {
    console.error(`${line} REQUIRE_BROWSER=1 makes this a failure.`);
    process.exit(1);
  }
  console.log(line);
  process.exit(0);
}

const run = (command, args) => {
  const result = spawnSync(command, args, { stdio: "inherit", env: { ...process.env, CHROMIUM_PATH: chromium } });
  if (result.status !== 0) process.exit(result.status ?? 1);
};

if (process.env.E2E_SKIP_BUILD !== "1") run("npm", ["run", "build", "--silent"]);
run("node", ["scripts/check-bundle-size.mjs"]);
run("npx", ["vitest", "run", "--project", "e2e", ...process.argv.slice(2)]);
