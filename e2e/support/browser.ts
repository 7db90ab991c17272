import { chromium, type Browser, type Page } from "playwright-core";

export const CHROMIUM_FLAGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
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
