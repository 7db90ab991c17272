import AxeBuilder from "@axe-core/playwright";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, Page } from "playwright-core";
import { launchBrowser, signInThroughPage } from "./support/browser";
import { startBuiltServer, type BuiltServer } from "./support/server";

const ADMIN = "guardian@label.test";
const PAYLOAD = `<img src=x onerror="window.__xss=1"><script>window.__xss=1</script>`;

let server: BuiltServer;
let browser: Browser;

beforeAll(async () => {
  server = await startBuiltServer({ ADMIN_EMAILS: ADMIN, SEED_DEMO: "true" });
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

async function signedIn(email: string): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await signInThroughPage(page, server.baseUrl, email);
  return page;
}

async function seriousViolations(page: Page, where: string) {
  const { violations } = await new AxeBuilder({ page }).analyze();
  return violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => `${where}: ${v.id} (${v.nodes.map((n) => n.target).join(", ")})`);
}

describe("stored text is shown as text", () => {
  it("renders a hostile merchandise name and invoice note literally, running nothing", async () => {
    const admin = await signedIn(ADMIN);
    const created = await admin.evaluate(async (name) => {
      const res = await fetch("/api/merchandise", {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ name, description: name, price: "12.00", stockQuantity: 3 }),
      });
      return res.status;
    }, PAYLOAD);
    expect(created).toBe(201);

    const visitor = await (await browser.newContext()).newPage();
    await visitor.goto(server.baseUrl);
    await visitor.getByText(PAYLOAD, { exact: true }).first().waitFor();
    expect(await visitor.evaluate(() => (window as unknown as { __xss?: number }).__xss)).toBeUndefined();

    const member = await signedIn("writer@label.test");
    await member.evaluate(async (note) => {
      await fetch("/api/invoices", {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({
          invoiceNumber: "INV-XSS-1",
          issueDate: new Date().toISOString(),
          dueDate: new Date(Date.now() + 864e5).toISOString(),
          clientName: note,
          notes: note,
          subtotal: "5.00",
          tax: "0.00",
          total: "5.00",
          status: "draft",
          items: [{ description: note, quantity: 1, unitPrice: "5.00" }],
        }),
      });
    }, PAYLOAD);
    await member.goto(`${server.baseUrl}/invoices`);
    await member.getByRole("button", { name: /View/ }).first().click();
    await member.getByRole("dialog").getByText(PAYLOAD, { exact: true }).first().waitFor();
    expect(await member.evaluate(() => (window as unknown as { __xss?: number }).__xss)).toBeUndefined();
  });
});

describe("accessibility of every route", () => {
  const publicRoutes = ["/", "/artists", "/vendor-booking", "/no-such-page"];
  const memberRoutes = [
    "/", "/store", "/submissions", "/session", "/bookings", "/advertising", "/dashboard", "/settings", "/tour-dates",
    "/tickets", "/invoices", "/merchandise", "/vendor-booking", "/artists", "/development", "/studio", "/ar", "/fashion",
    "/dashboard/submissions", "/dashboard/artists", "/dashboard/bookings", "/dashboard/library", "/dashboard/settings",
    "/my-tickets", "/admin/events", "/admin/featured-artists", "/admin/live-streams", "/admin/resources", "/admin/vendor-bookings",
  ];

  let visitor: Page;
  let admin: Page;
  beforeAll(async () => {
    visitor = await (await browser.newContext()).newPage();
    admin = await signedIn(ADMIN);
  });

  async function scan(page: Page, route: string, who: string) {
    await page.goto(server.baseUrl + route);
    await page.locator("h1").first().waitFor();
    // Let data-driven sections settle before scanning (pages that poll never go idle).
    await page.waitForLoadState("networkidle", { timeout: 5000 }).catch(() => undefined);
    expect(await seriousViolations(page, `${who} ${route}`)).toEqual([]);
  }

  for (const route of publicRoutes) it(`signed out ${route}`, () => scan(visitor, route, "signed out"));
  for (const route of memberRoutes) it(`administrator ${route}`, () => scan(admin, route, "admin"));
});
