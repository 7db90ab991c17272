// Vendor booking, the outbox, tour dates and the public headers as a visitor and an
// administrator meet them: at 375 and 1280 px, in both themes, on the seeded demo without
// Stripe keys (so the vendor's payment step is the fallback).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, Page } from "playwright-core";
import { contextForThisTest, launchBrowser, signInThroughPage } from "./support/browser";
import { axeViolations as runAxe, describeViolation } from "./support/axe";
import { startBuiltServer, type BuiltServer } from "./support/server";

const ADMIN = "misc-admin@label.test";
const WIDTHS = [375, 1280] as const;
const THEMES = ["dark", "light"] as const;
type Theme = (typeof THEMES)[number];

let server: BuiltServer;
let browser: Browser;

beforeAll(async () => {
  [server, browser] = await Promise.all([
    startBuiltServer({
      SEED_DEMO: "true",
      ADMIN_EMAILS: ADMIN,
      JOBS_SWEEP_INTERVAL_MS: "1000",
      JOBS_POLL_INTERVAL_MS: "500",
    }),
    launchBrowser(),
  ]);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

async function visitor(width: number, theme: Theme = "dark"): Promise<Page> {
  const context = await contextForThisTest(browser, { viewport: { width, height: 900 } });
  await context.addInitScript((value) => localStorage.setItem("label-records-theme", value), theme);
  return context.newPage();
}

async function admin(width: number, theme: Theme = "dark"): Promise<Page> {
  const page = await visitor(width, theme);
  await signInThroughPage(page, server.baseUrl, ADMIN);
  return page;
}

/** Every axe rule, best practices included (heading-order, scrollable-region-focusable, …). */
async function axeViolations(page: Page): Promise<string[]> {
  const violations = await runAxe(page);
  return violations.map((v) => describeViolation(v));
}

async function sidewaysScroll(page: Page): Promise<number> {
  return page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
}

async function call<T>(page: Page, method: string, path: string, body?: unknown): Promise<T> {
  return page.evaluate(
    async ({ method, path, body }) => {
      const res = await fetch(path, {
        method,
        headers: { "Content-Type": "application/json" },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      if (!res.ok) throw new Error(`${res.status} ${await res.text()}`);
      return res.status === 204 ? null : res.json();
    },
    { method, path, body },
  );
}

describe("vendor booking without card payments", () => {
  it("cards show the spots left per type; the payment step gives the label's phone and e-mail and Back, at both widths and in both themes", async () => {
    for (const width of WIDTHS) {
      for (const theme of THEMES) {
        const where = `${width} px, ${theme}`;
        const page = await visitor(width, theme);
        await page.goto(`${server.baseUrl}/vendor-booking`);
        const card = page.getByRole("listitem").filter({ has: page.getByRole("heading", { name: "Nova Reign" }) });
        await card.first().getByText("Vendor spots left").waitFor();
        expect(await card.first().getByRole("definition").allTextContents(), where).toEqual([
          "10 left",
          "10 left",
          "10 left",
        ]);
        const header = page.getByRole("banner");
        expect(await header.getByRole("link", { name: "Home", exact: true }).getAttribute("href")).toBe("/");
        expect(await header.getByRole("link", { name: "Log In" }).getAttribute("href")).toBe(
          "/api/login?returnTo=%2Fvendor-booking",
        );
        expect(await sidewaysScroll(page), where).toBeLessThanOrEqual(0);

        await card.first().getByRole("button", { name: "Book Vendor Slot" }).click();
        const dialog = page.getByRole("dialog", { name: "Book Vendor Slot" });
        await dialog.getByRole("button", { name: "Continue" }).click();
        await dialog.getByLabel("Vendor Name").fill("Rosa Diaz");
        await dialog.getByLabel("Email").fill("rosa@tacos.test");
        await dialog.getByLabel("Phone").fill("555 0100");
        await dialog.getByLabel("Business Name").fill("Rosa's Tacos");
        await dialog.getByLabel("Food Type").fill("Mexican");
        await dialog.getByRole("button", { name: "Continue to Payment" }).click();
        await dialog.getByText("Payment processing is not available at this time. Please contact support.").waitFor();
        const phone = dialog.getByRole("link", { name: "(555) 010-7625" });
        await phone.waitFor();
        expect(await phone.getAttribute("href")).toBe("tel:5550107625");
        expect(await dialog.getByRole("link", { name: "hello@labelrecords.example" }).getAttribute("href")).toBe(
          "mailto:hello@labelrecords.example",
        );
        const box = (await dialog.boundingBox())!;
        expect(box.x, where).toBeGreaterThanOrEqual(0);
        expect(box.x + box.width, where).toBeLessThanOrEqual(width);
        if (width === 375 && theme === "light") expect(await axeViolations(page), where).toEqual([]);

        await dialog.getByRole("button", { name: "Back" }).click();
        expect(await dialog.getByLabel("Business Name").inputValue()).toBe("Rosa's Tacos");
        await page.context().close();
      }
    }
  });

  it("shows the contact details an administrator saves in Label Settings, in the footer and the payment step", async () => {
    const boss = await admin(1280);
    await boss.goto(`${server.baseUrl}/settings`);
    await boss.getByLabel("Label Name").fill("Night Shift Records");
    await boss.locator('input[type="file"]').setInputFiles({
      name: "logo.png",
      mimeType: "image/png",
      // The smallest valid PNG: one transparent pixel.
      buffer: Buffer.from(
        "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=",
        "base64",
      ),
    });
    await boss.getByText("New logo uploaded").waitFor();
    await boss.getByLabel("Contact Phone").fill("+1 (312) 555-0142");
    await boss.getByLabel("Contact Email").fill("bookings@nightshift.test");
    await boss.getByRole("button", { name: "Save Changes" }).click();
    await boss.getByText("Label settings updated successfully").first().waitFor();

    const fan = await visitor(375, "light");
    await fan.goto(server.baseUrl);
    const footer = fan.getByRole("contentinfo");
    const phone = footer.getByRole("link", { name: "+1 (312) 555-0142" });
    await phone.waitFor();
    expect(await phone.getAttribute("href")).toBe("tel:+13125550142");
    expect(await footer.getByText("(555) 010-7625").count()).toBe(0);
    expect(await sidewaysScroll(fan)).toBeLessThanOrEqual(0);
  });
});

describe("public headers and the hero", () => {
  it("a show's page has Home and a Log In that comes back to it", async () => {
    const page = await visitor(375);
    const shows = await (await fetch(`${server.baseUrl}/api/shows`)).json();
    await page.goto(`${server.baseUrl}/shows/${shows[0].id}`);
    await page.getByRole("heading", { level: 1 }).waitFor();
    const header = page.getByRole("banner");
    expect(await header.getByRole("link", { name: "Home", exact: true }).getAttribute("href")).toBe("/");
    expect(await header.getByRole("link", { name: "Log In" }).getAttribute("href")).toBe(
      `/api/login?returnTo=${encodeURIComponent(`/shows/${shows[0].id}`)}`,
    );
    expect(await sidewaysScroll(page)).toBeLessThanOrEqual(0);
  });

  it("never breaks 'sold-out' at its hyphen in the hero, from 320 to 1440 px", async () => {
    const page = await visitor(320);
    await page.goto(server.baseUrl);
    const word = page.getByRole("heading", { level: 1 }).getByText("sold-out", { exact: true });
    for (const width of [320, 340, 360, 375, 390, 414, 480, 640, 768, 1024, 1280, 1440]) {
      await page.setViewportSize({ width, height: 900 });
      const lines = await word.evaluate((el) => {
        const range = document.createRange();
        range.selectNodeContents(el);
        return new Set(Array.from(range.getClientRects(), (r) => Math.round(r.top))).size;
      });
      expect(lines, `${width} px`).toBe(1);
    }
  });
});

describe("administrators' lists", () => {
  it("the tour dates list gives zone, linked event and slots booked per type, fits a phone and passes axe", async () => {
    const boss = await admin(1280);
    const events = await call<{ id: string; name: string }[]>(boss, "GET", "/api/events");
    const dates = await call<{ id: string; artistName: string; date: string; time: string; location: string }[]>(
      boss,
      "GET",
      "/api/tour-dates",
    );
    const first = dates[0];
    await call(boss, "PUT", `/api/tour-dates/${first.id}`, {
      artistName: first.artistName,
      date: first.date,
      time: first.time,
      location: first.location,
      timeZone: "America/Chicago",
      eventId: events[0].id,
      vendorSlots: { standard: 4, premium: null, deluxe: 0 },
    });
    for (const width of WIDTHS) {
      for (const theme of THEMES) {
        const where = `${width} px, ${theme}`;
        const page = await admin(width, theme);
        await page.goto(`${server.baseUrl}/tour-dates`);
        const row = page.getByRole("listitem").filter({ has: page.getByRole("heading", { name: first.artistName }) });
        await row.first().getByText("Vendor slots booked").waitFor();
        expect(
          await row
            .first()
            .getByText(/ PM C[DS]T$/)
            .count(),
          where,
        ).toBe(1);
        expect(await row.first().getByText("America/Chicago").count(), where).toBe(1);
        expect(await row.first().getByText(`Tickets from ${events[0].name}`, { exact: true }).count(), where).toBe(1);
        expect(await row.first().getByRole("definition").allTextContents(), where).toEqual([
          "0 / 4",
          "0 / 10",
          "0 / 0",
        ]);
        expect(await sidewaysScroll(page), where).toBeLessThanOrEqual(0);
        if (width === 375) expect(await axeViolations(page), where).toEqual([]);
        await page.context().close();
      }
    }
  });

  it("Manage Events gives times with their zone, and Add Event keeps Total Tickets and Tickets per order level", async () => {
    const page = await admin(1280, "light");
    await page.goto(`${server.baseUrl}/admin/events`);
    await page.getByRole("heading", { name: "Manage Events" }).waitFor();
    await page
      .getByText(/ at \d{1,2}:\d{2} [AP]M UTC · /)
      .first()
      .waitFor();
    await page.getByRole("button", { name: "Add Event" }).click();
    const dialog = page.getByRole("dialog", { name: "Add Event" });
    // Measured once the dialog's opening animation has ended.
    await dialog.evaluate((el) => Promise.all(el.getAnimations({ subtree: true }).map((a) => a.finished)));
    const total = (await dialog.getByLabel("Total Tickets").boundingBox())!;
    const perOrder = (await dialog.getByLabel("Tickets per order (max)").boundingBox())!;
    expect(Math.abs(total.y - perOrder.y)).toBeLessThanOrEqual(1);
    expect(Math.abs(total.height - perOrder.height)).toBeLessThanOrEqual(1);
  });

  // Every axe rule at two widths in both themes: the longest journey here.
  it("the outbox finds a message by its order code, wraps its subject on a phone, fits its preview and passes every axe rule", async () => {
    const boss = await admin(1280);
    const events = await call<{ id: string; status: string; availableTickets: number }[]>(boss, "GET", "/api/events");
    const open = events.find((event) => event.status === "on-sale" && event.availableTickets > 1)!;
    const purchase = await call<{ confirmationCode: string }>(boss, "POST", "/api/tickets", {
      eventId: open.id,
      quantity: 1,
    });
    const code = purchase.confirmationCode;

    for (const width of WIDTHS) {
      for (const theme of THEMES) {
        const where = `${width} px, ${theme}`;
        const page = await admin(width, theme);
        await page.goto(`${server.baseUrl}/admin/outbox`);
        const search = page.getByRole("search", { name: "Search the outbox" });
        await search.getByLabel("Recipient or subject").fill(code.toLowerCase());
        await search.getByRole("button", { name: "Search" }).click();
        const rows = page.getByRole("list", { name: "Messages" }).getByRole("button");
        // The subject is written when the message is rendered (the sweep runs every second).
        await expect
          .poll(
            async () => {
              await page.getByRole("button", { name: "Refresh" }).click();
              return (await rows.count()) === 1 && (await rows.first().textContent())!.includes(code);
            },
            { timeout: 20_000 },
          )
          .toBe(true);
        const subject = rows.first().getByText(new RegExp(`${code}$`));
        const fits = await subject.evaluate((el) => el.scrollWidth <= el.clientWidth);
        expect(fits, where).toBe(true);
        expect(await sidewaysScroll(page), where).toBeLessThanOrEqual(0);
        expect(await axeViolations(page), where).toEqual([]);

        await rows.first().click();
        const frame = page.getByTitle(/^Message preview: /);
        await frame.waitFor();
        const frameBox = (await frame.boundingBox())!;
        expect(frameBox.x + frameBox.width, where).toBeLessThanOrEqual(width);
        const inside = page.frames().find((f) => f.parentFrame() !== null)!;
        await inside.waitForLoadState();
        const overflow = await inside.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
        expect(overflow, where).toBeLessThanOrEqual(0);
        await page.context().close();
      }
    }
  }, 150_000);
});
