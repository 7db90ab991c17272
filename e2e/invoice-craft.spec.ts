// An invoice as its owner and its client see it on a 375 px phone and at 1280 px, in both
// themes: a draft has no link to share; the public page shows every amount without scrolling
// sideways; axe, with all its rules (best practices too: scrollable-region-focusable,
// heading-order), finds nothing on /pay/<token> or on the invoice's detail.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { launchBrowser, signInThroughPage } from "./support/browser";
import { axeViolations, describeViolation } from "./support/axe";
import { startBuiltServer, type BuiltServer } from "./support/server";

const THEME_KEY = "label-records-theme";
const VIEWS = [
  { width: 375, height: 812 },
  { width: 1280, height: 900 },
] as const;
const THEMES = ["dark", "light"] as const;
/** Every amount of the invoice below: its lines, subtotal, tax, total and amount due. */
const AMOUNTS = ["$1,450.00", "$17,400.00", "$85.50", "$1,026.00", "$22,746.00", "$1,819.68", "$24,565.68"];

let server: BuiltServer;
let browser: Browser;
let member: BrowserContext;
let page: Page;
let ids: { sent: string; draft: string };
let publicPath: string;

beforeAll(async () => {
  [server, browser] = await Promise.all([startBuiltServer(), launchBrowser()]);
  member = await browser.newContext({ viewport: VIEWS[1] });
  page = await member.newPage();
  await signInThroughPage(page, server.baseUrl, "craft@label.test", "Craft");
  ids = await page.evaluate(async () => {
    const create = async (status: string, number: string) => {
      const res = await fetch("/api/invoices", {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({
          invoiceNumber: number,
          status,
          issueDate: new Date().toISOString(),
          dueDate: new Date(Date.now() + 30 * 864e5).toISOString(),
          companyName: "Nova Music LLC",
          companyAddress: "1200 Studio Row, Suite 4\nNashville, TN 37203",
          clientName: "Rosa Diaz Productions",
          clientEmail: "rosa@client.test",
          clientAddress: "44 Harbor Road\nUnit 12\nPortland, ME 04101",
          items: [
            {
              description: "Mixing: 12 tracks, two rounds of revisions, stems as 24-bit WAV",
              quantity: 12,
              unitPrice: "1450.00",
            },
            { description: "Mastering", quantity: 12, unitPrice: "85.50" },
            { description: "Studio time (hours)", quantity: 36, unitPrice: "120.00" },
          ],
          subtotal: "22746.00",
          tax: "1819.68",
          total: "24565.68",
          paymentInstructions: "IBAN DE89 3704 0044 0532 0130 00\nPayment within 30 days",
        }),
      });
      return ((await res.json()) as { id: string }).id;
    };
    return { sent: await create("sent", "INV-1795000000001"), draft: await create("draft", "INV-1795000000002") };
  });
  publicPath = (await (await page.request.get(`${server.baseUrl}/api/invoices/${ids.sent}`)).json()).publicPath;
});
afterAll(async () => {
  await member?.close();
  await browser?.close();
  await server?.stop();
});

async function everyAxeRule(target: Page, where: string): Promise<string[]> {
  const violations = await axeViolations(target);
  return violations.map((v) => describeViolation(v, where));
}

async function sideways(target: Page, where: string): Promise<string[]> {
  const { scrollWidth, screen } = await target.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    screen: window.innerWidth,
  }));
  return scrollWidth > screen ? [`${where}: ${scrollWidth} px wide on a ${screen} px screen`] : [];
}

async function openDetail(id: string) {
  await page.goto(`${server.baseUrl}/invoices/${id}`);
  const detail = page.getByRole("dialog", { name: /^Invoice / });
  await detail.getByText("Mastering").filter({ visible: true }).waitFor();
  return detail;
}

describe("an invoice on a phone and a desktop, in both themes", () => {
  it("offers no link to share while it is a draft, and the link once it is sent", async () => {
    for (const view of VIEWS) {
      await page.setViewportSize(view);
      for (const [id, links] of [
        [ids.draft, 0],
        [ids.sent, 2],
      ] as const) {
        const detail = await openDetail(id);
        await detail.getByRole("button", { name: "More" }).click();
        await page.getByRole("menuitem", { name: "Duplicate" }).waitFor();
        expect(
          await page.getByRole("menuitem", { name: /^(Copy link|Open public page)$/ }).count(),
          `${view.width}`,
        ).toBe(links);
        await page.keyboard.press("Escape");
      }
    }
  });

  it("shows the client every amount without scrolling sideways, and axe finds nothing on /pay/<token>", async () => {
    const found: string[] = [];
    for (const theme of THEMES) {
      const client = await browser.newContext();
      await client.addInitScript(([key, value]) => localStorage.setItem(key, value), [THEME_KEY, theme]);
      const view = await client.newPage();
      for (const size of VIEWS) {
        const where = `/pay ${theme} ${size.width}px`;
        await view.setViewportSize(size);
        await view.goto(`${server.baseUrl}${publicPath}`);
        await view.getByRole("heading", { level: 1, name: "Invoice INV-1795000000001" }).waitFor();
        expect(await view.evaluate(() => document.documentElement.classList.contains("dark"))).toBe(theme === "dark");
        found.push(...(await sideways(view, where)));
        for (const amount of AMOUNTS) {
          const shown = view.getByText(amount).filter({ visible: true }).first();
          const box = (await shown.boundingBox())!;
          if (box.x < 0 || box.x + box.width > size.width) found.push(`${where}: ${amount} is cut off`);
        }
        await view.getByRole("heading", { name: "How to pay" }).waitFor();
        found.push(...(await everyAxeRule(view, where)));
      }
      await client.close();
    }
    expect(found).toEqual([]);
  });

  it("passes every axe rule on the owner's detail, and it does not scroll sideways", async () => {
    const found: string[] = [];
    for (const theme of THEMES) {
      await page.evaluate(([key, value]) => localStorage.setItem(key, value), [THEME_KEY, theme]);
      for (const size of VIEWS) {
        const where = `/invoices/{id} ${theme} ${size.width}px`;
        await page.setViewportSize(size);
        await openDetail(ids.sent);
        await page.evaluate(() => Promise.all(document.getAnimations().map((a) => a.finished.catch(() => {}))));
        found.push(...(await sideways(page, where)));
        found.push(...(await everyAxeRule(page, where)));
      }
    }
    expect(found).toEqual([]);
  });
});
