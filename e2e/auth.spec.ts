import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser } from "playwright-core";
import { launchBrowser, signInThroughPage } from "./support/browser";
import { startBuiltServer, type BuiltServer } from "./support/server";
import { startTestIssuer, type TestIssuer } from "../server/test/test-issuer";

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
    // Waits for the landing to render (isVisible does not wait, and fails under load).
    await page.getByRole("link", { name: "Log In" }).first().waitFor();

    await signInThroughPage(page, server.baseUrl, "boss@label.test", "Label Boss");
    await page.getByText("Signed in as admin").waitFor();
    expect(await page.getByRole("heading", { level: 1 }).first().textContent()).toContain("Label");

    // Log Out submits a form: a POST to /api/logout, still a full-page navigation.
    const [logout] = await Promise.all([
      page.waitForRequest((request) => request.url() === `${server.baseUrl}/api/logout`),
      page.getByRole("button", { name: "Log Out" }).click(),
    ]);
    expect(logout.method()).toBe("POST");
    expect(logout.isNavigationRequest()).toBe(true);
    await page.waitForURL(`${server.baseUrl}/`);
    await page.getByRole("link", { name: "Log In" }).first().waitFor();
    const user = await page.evaluate(async () => (await fetch("/api/auth/user")).status);
    expect(user).toBe(401);
    await context.close();
  });

  it('only asks "Sign out?" at a plain link to /api/logout, and signs out from its form', async () => {
    const context = await browser.newContext({ viewport: { width: 375, height: 740 } });
    const page = await context.newPage();
    await signInThroughPage(page, server.baseUrl, "linked@label.test");
    // Members' home shows no role line; its greeting says the sign-in worked.
    await page.getByRole("heading", { name: /^Welcome, / }).waitFor();

    await page.goto(`${server.baseUrl}/api/logout`);
    await page.getByRole("heading", { name: "Sign out?" }).waitFor();
    expect(await page.evaluate(async () => (await fetch("/api/auth/user")).status)).toBe(200);
    // The page fits a phone's width and has a way back.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await page.getByRole("link", { name: "Back to the home page" }).waitFor();

    await page.getByRole("button", { name: "Sign out" }).click();
    await page.waitForURL(`${server.baseUrl}/`);
    await page.getByRole("link", { name: "Log In" }).first().waitFor();
    expect(await page.evaluate(async () => (await fetch("/api/auth/user")).status)).toBe(401);
    await context.close();
  });

  it("asks a signed-out visitor at a members' page to sign in, then returns there", async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    const first = await page.goto(`${server.baseUrl}/tickets`);
    expect(first?.status()).toBe(200);
    await page.getByRole("heading", { name: "Sign in to continue" }).waitFor();
    expect(await page.getByText("404 Page Not Found").count()).toBe(0);

    await page.getByRole("link", { name: "Log In" }).click();
    await page.getByLabel("Email").fill("bookmark@label.test");
    await page.getByRole("button", { name: "Sign in" }).click();
    await page.waitForURL(`${server.baseUrl}/tickets`);
    await page.getByRole("heading", { level: 1, name: "Event Tickets" }).waitFor();
    await context.close();
  });

  it("shows the 404 page, with status 404, for an unknown path", async () => {
    const page = await browser.newPage();
    const response = await page.goto(`${server.baseUrl}/no/such/page`);
    expect(response?.status()).toBe(404);
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

describe("signing in through an outside issuer that refuses", () => {
  let issuer: TestIssuer;
  let outside: BuiltServer;

  beforeAll(async () => {
    issuer = await startTestIssuer();
    outside = await startBuiltServer(issuer.env);
    issuer.trustApp(outside.baseUrl);
    issuer.setAccount("unverified-fan", { email: "fan@outside.test", email_verified: false });
  });
  afterAll(async () => {
    await outside?.stop();
    await issuer?.stop();
  });

  it("tells the visitor on the landing page that their e-mail is not verified", async () => {
    const context = await browser.newContext({ viewport: { width: 375, height: 740 } });
    const page = await context.newPage();
    await page.goto(outside.baseUrl);
    await page.getByRole("link", { name: "Log In" }).first().click();
    await page.getByRole("button", { name: "Sign in as fan@outside.test" }).click();

    await page.waitForURL(`${outside.baseUrl}/`);
    const alert = page.getByRole("alert").filter({ hasText: "Your e-mail address is not verified" });
    await alert.waitFor();
    await alert.getByRole("link", { name: "Try logging in again" }).waitFor();
    expect(await page.evaluate(async () => (await fetch("/api/auth/user")).status)).toBe(401);
    await context.close();
  });

  it("says so when the visitor cancels at the issuer", async () => {
    const page = await browser.newPage();
    await page.goto(outside.baseUrl);
    await page.getByRole("link", { name: "Log In" }).first().click();
    await page.getByRole("button", { name: "Cancel" }).click();
    await page.waitForURL(`${outside.baseUrl}/`);
    await page.getByRole("alert").filter({ hasText: "Sign-in was cancelled" }).waitFor();
    await page.close();
  });
});
