import { chromium, type Browser, type BrowserContext, type BrowserContextOptions, type Page } from "playwright-core";
import { onTestFinished } from "vitest";

export const CHROMIUM_FLAGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  // Chromium 15x gives every window (a Playwright context is one) its own WebUI omnibox popups:
  // two renderers, about 2 s of CPU per context, all of it wasted headless. Only the last
  // --disable-features counts, so Playwright's own list (playwright-core 1.65) is repeated here.
  `--disable-features=${[
    "WebUIOmniboxPopup",
    "WebUIOmniboxAimPopup",
    "AvoidUnnecessaryBeforeUnloadCheckSync",
    "DestroyProfileOnBrowserClose",
    "HttpsUpgrades",
    "HttpsFirstBalancedModeAutoEnable",
    "LensOverlay",
    "MediaRouter",
    "PaintHolding",
    "ThirdPartyStoragePartitioning",
    "AvoidCorsURLLoaderRestartOnRedirect",
    "OptimizationHints",
    "NetworkTimeServiceQuerying",
    "AimEnabled",
    "PreconnectToSearch",
  ].join(",")}`,
];

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH || "/usr/bin/chromium",
    args: CHROMIUM_FLAGS,
  });
}

/** Signs in through the built-in provider's page, as a person would. */
export async function signInThroughPage(page: Page, baseUrl: string, email: string, name = "") {
  await page.goto(`${baseUrl}/api/login`);
  await page.getByLabel("Email").fill(email);
  if (name) await page.getByLabel(/^Name/).fill(name);
  await page.getByRole("button", { name: "Sign in" }).click();
  await page.waitForURL(`${baseUrl}/`);
}

/**
 * A new context that closes when the current test ends, passed or failed. A page left open
 * keeps animating (the landing's record spins) and polling: CPU the journey beside it needs.
 * Only inside a test, and not in concurrent ones (the hook would join another test).
 */
export async function contextForThisTest(browser: Browser, options?: BrowserContextOptions): Promise<BrowserContext> {
  const context = await browser.newContext(options);
  onTestFinished(() => context.close().catch(() => undefined));
  return context;
}
