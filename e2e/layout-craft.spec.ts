// Layout details that only a real browser can measure: sizes, positions and line breaks on
// the seeded demo, at desktop and phone widths.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, Page } from "playwright-core";
import { contextForThisTest, launchBrowser, signInThroughPage } from "./support/browser";
import { seriousViolations } from "./support/axe";
import { startBuiltServer, type BuiltServer } from "./support/server";

const ADMIN = "craft-admin@label.test";
let server: BuiltServer;
let browser: Browser;

beforeAll(async () => {
  server = await startBuiltServer({ SEED_DEMO: "true", ADMIN_EMAILS: ADMIN });
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

async function visitor(width: number, theme: "dark" | "light" = "dark"): Promise<Page> {
  const context = await contextForThisTest(browser, { viewport: { width, height: 900 } });
  await context.addInitScript((value) => localStorage.setItem("label-records-theme", value), theme);
  return context.newPage();
}

async function member(width: number, email = ADMIN, theme: "dark" | "light" = "dark"): Promise<Page> {
  const page = await visitor(width, theme);
  await signInThroughPage(page, server.baseUrl, email);
  return page;
}

/** How many lines an element's text takes. */
const lineCount = (page: Page, selector: string) =>
  page
    .locator(selector)
    .first()
    .evaluate((el) => {
      const range = document.createRange();
      range.selectNodeContents(el);
      return new Set(Array.from(range.getClientRects(), (r) => Math.round(r.top))).size;
    });

describe("the music store", () => {
  it("shows every track title whole at 1280 px and pins the player to the bottom of the viewport, beside the sidebar", async () => {
    const page = await member(1280);
    await page.goto(`${server.baseUrl}/store`);
    const titles = page.getByRole("list", { name: "Tracks" }).getByRole("heading");
    await titles.first().waitFor();
    for (const title of await titles.all()) {
      const box = await title.evaluate((el) => ({
        scroll: el.scrollWidth,
        client: el.clientWidth,
        overflow: getComputedStyle(el).textOverflow,
      }));
      expect(box.scroll, (await title.textContent()) ?? "").toBeLessThanOrEqual(box.client);
      expect(box.overflow).not.toBe("ellipsis");
    }

    const player = page.getByRole("region", { name: "Player" });
    const sidebarRight = async () => (await page.locator("[data-slot=sidebar] > .fixed").boundingBox())!.width;
    const at = async () => (await player.boundingBox())!;
    expect(Math.round((await at()).y + (await at()).height)).toBe(900);
    expect(Math.round((await at()).x)).toBe(Math.round(await sidebarRight()));

    // Collapsed to icons, the bar starts where the narrow sidebar ends.
    await page.getByRole("button", { name: "Toggle sidebar" }).click();
    await expect.poll(async () => Math.round((await at()).x)).toBe(48);
    expect(Math.round(await sidebarRight())).toBe(48);

    // The last track can be scrolled clear of the bar.
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    const lastCard = (await page.getByRole("list", { name: "Tracks" }).getByRole("listitem").last().boundingBox())!;
    expect(lastCard.y + lastCard.height).toBeLessThanOrEqual((await at()).y);
    await page.context().close();
  });

  it("keeps the player at the bottom of a phone's screen, full width", async () => {
    const page = await member(375);
    await page.goto(`${server.baseUrl}/store`);
    const player = page.getByRole("region", { name: "Player" });
    await player.waitFor();
    const box = (await player.boundingBox())!;
    expect(Math.round(box.y + box.height)).toBe(900);
    expect(Math.round(box.x)).toBe(0);
    expect(Math.round(box.width)).toBe(375);
    expect(await seriousViolations(page)).toEqual([]);
    await page.context().close();
  });
});

describe("the featured artist on the landing page", () => {
  it("keeps the image square at every width, even with a song and a video beside it", async () => {
    const admin = await member(1280);
    const status = await admin.evaluate(async () => {
      const active = await (await fetch("/api/featured-artists/active")).json();
      const res = await fetch(`/api/featured-artists/${active.id}`, {
        method: "PATCH",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({
          songUrl: "/demo/artists/nova-reign-preview.mp3",
          videoUrl: "/demo/artists/the-velvet-static-live.mp4",
        }),
      });
      return res.status;
    });
    expect(status).toBe(200);
    await admin.context().close();

    for (const width of [375, 768, 1024, 1280, 1440]) {
      const page = await visitor(width);
      await page.goto(server.baseUrl);
      const section = page.getByRole("region", { name: "Community Featured Artist of the Month" });
      await section.scrollIntoViewIfNeeded();
      await section.locator("audio").waitFor();
      await section.locator("video").waitFor();
      const image = section.getByRole("img", { name: "Nova Reign" });
      const box = (await image.boundingBox())!;
      expect(Math.abs(box.width - box.height), `${width} px: ${box.width} x ${box.height}`).toBeLessThanOrEqual(1);
      expect(box.width).toBeGreaterThan(200);
      await page.context().close();
    }
  });
});

describe("headings", () => {
  it("use the sans stack, never a generic serif that falls back to a Times-like face", async () => {
    const page = await visitor(1280);
    await page.goto(server.baseUrl);
    for (const heading of [
      page.getByRole("heading", { level: 1 }),
      page.getByRole("heading", { level: 2, name: "Artist Tour Dates" }),
    ]) {
      const family = await heading.evaluate((el) => getComputedStyle(el).fontFamily);
      expect(family).toMatch(/^ui-sans-serif,/);
      expect(family).not.toMatch(/(^|,\s*)"?(ui-serif|serif|Georgia|Times New Roman)"?(,|$)/);
    }
    await page.context().close();
  });
});

describe("the gallery", () => {
  it("lists the newest month first and its demo links open media the app serves", async () => {
    const page = await visitor(1280);
    await page.goto(`${server.baseUrl}/artists`);
    await page.getByText("Featured: November 2026").waitFor();
    expect(await page.getByText(/^Featured: /).allTextContents()).toEqual([
      "Featured: November 2026",
      "Featured: October 2026",
      "Featured: September 2026",
    ]);
    const links = page.getByRole("link", { name: /Watch Video|Listen Now/ });
    expect(await links.count()).toBeGreaterThanOrEqual(3);
    for (const link of await links.all()) {
      const href = (await link.getAttribute("href"))!;
      expect(href).toMatch(/^\/demo\//);
      const res = await page.request.get(`${server.baseUrl}${href}`);
      expect(res.status(), href).toBe(200);
      expect(res.headers()["content-type"], href).toMatch(/^(audio\/mpeg|video\/mp4)/);
    }
    await page.context().close();
  });
});

describe("the booking calendar", () => {
  it("puts day 1 under its weekday's initial, with day cells of a sensible size on a desktop", async () => {
    const page = await member(1280);
    await page.goto(`${server.baseUrl}/bookings`);
    const days = page.getByRole("group", { name: /^Days of / }).getByRole("button");
    await days.first().waitFor();
    expect(await days.count()).toBe(31);
    const weekday = (await days.first().getAttribute("aria-label"))!.split(",")[0];
    const header = page.getByTestId("weekday-header").locator("span");
    expect(await header.allTextContents()).toEqual(["S", "M", "T", "W", "T", "F", "S"]);
    const column = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"].indexOf(weekday);
    const first = (await days.first().boundingBox())!;
    const initial = (await header.nth(column).boundingBox())!;
    expect(Math.abs(first.x + first.width / 2 - (initial.x + initial.width / 2))).toBeLessThanOrEqual(1);
    expect(first.width).toBeGreaterThanOrEqual(32);
    expect(first.width).toBeLessThanOrEqual(64);
    expect(first.height).toBeLessThanOrEqual(48);
    expect(await seriousViolations(page)).toEqual([]);
    await page.context().close();
  });
});

describe("invoices and merchandise", () => {
  it("keeps a default invoice number on one line at every width, with a readable status label", async () => {
    const page = await member(375, "invoicer@label.test");
    const number = `INV-${Date.now()}`;
    const status = await page.evaluate(async (invoiceNumber) => {
      const now = new Date().toISOString();
      const due = new Date(Date.now() + 30 * 86_400_000).toISOString();
      const res = await fetch("/api/invoices", {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({
          invoiceNumber,
          issueDate: now,
          dueDate: due,
          clientName: "Nova Reign",
          subtotal: "10.00",
          total: "10.00",
          status: "sent",
          items: [{ description: "Mixing", quantity: 1, unitPrice: "10.00" }],
        }),
      });
      return res.status;
    }, number);
    expect(status).toBe(201);
    await page.goto(`${server.baseUrl}/invoices`);
    const heading = page.getByRole("heading", { name: number });
    for (const width of [375, 700, 1024, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      await heading.waitFor();
      expect(await lineCount(page, `h2:text-is("${number}")`), `${width} px`).toBe(1);
    }
    await page.getByRole("listitem").filter({ has: heading }).getByText("Sent", { exact: true }).waitFor();
    await page.context().close();
  });

  it("keeps the orders on a page of their own, apart from the merchandise grid", async () => {
    const page = await member(1280);
    await page.goto(`${server.baseUrl}/merchandise`);
    const grid = page.getByRole("main").getByRole("list").first();
    await grid.getByText("World Tour T-Shirt").waitFor();
    expect(await page.getByRole("region", { name: "Orders" }).count()).toBe(0);
    await page.goto(`${server.baseUrl}/admin/orders`);
    const orders = page.getByRole("region", { name: "Orders" });
    await orders.getByRole("heading", { name: "Orders" }).waitFor();
    // The status filter and the search sit side by side, never one over the other.
    const status = (await orders.getByRole("combobox", { name: "Status" }).boundingBox())!;
    const search = (await orders.getByRole("searchbox", { name: "Search" }).boundingBox())!;
    expect(search.x).toBeGreaterThanOrEqual(status.x + status.width);
    await page.context().close();
  });
});
