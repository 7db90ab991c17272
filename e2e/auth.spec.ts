import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser } from "playwright-core";
import { launchBrowser, signInThroughPage } from "./support/browser";
import { startBuiltServer, type BuiltServer } from "./support/server";

let server: BuiltServer;
let browser: Browser;

beforeAll(async () => {
  server = await startBuiltServer({ ADMIN_EMAILS: "boss@label.test" });
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe("signing in and out in the browser", () => {
  it("an admin signs in through the built-in provider, sees the home page, signs out and sees the landing", async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(server.baseUrl);
    await expect(page.getByRole("link", { name: "Log In" }).first().isVisible()).resolves.toBe(true);

    await signInThroughPage(page, server.baseUrl, "boss@label.test", "Label Boss");
    await page.getByText("Signed in as admin").waitFor();
    expect(await page.getByRole("heading", { level: 1 }).first().textContent()).toContain("Label");

    await page.getByRole("link", { name: "Log Out" }).click();
    await page.waitForURL(`${server.baseUrl}/`);
    await page.getByRole("link", { name: "Log In" }).first().waitFor();
    const user = await page.evaluate(async () => (await fetch("/api/auth/user")).status);
    expect(user).toBe(401);
    await context.close();
  });

  it("shows the 404 page for an unknown path", async () => {
    const page = await browser.newPage();
    await page.goto(`${server.baseUrl}/no/such/page`);
    await page.getByText("404 Page Not Found").waitFor();
    await page.getByText("Did you forget to add the page to the router?").waitFor();
    await page.close();
  });

  it("keeps the session across a reload", async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await signInThroughPage(page, server.baseUrl, "fan@label.test");
    await page.getByRole("heading", { name: "Departments" }).waitFor();
    await page.reload();
    await page.getByRole("heading", { name: "Departments" }).waitFor();
    await context.close();
  });
});
