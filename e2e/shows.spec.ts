// Shows in the browser: from the landing to a show's page (with its own server-rendered title)
// and on to the vendor booking dialog with the spots left; an administrator sets the slots and
// links an event, and the show page and the dialog follow. E2E_SCREENSHOTS=/some/dir saves the
// show page at 1280 and 375 px in both themes for a person to look at.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, Page } from "playwright-core";
import { contextForThisTest, launchBrowser, signInThroughPage } from "./support/browser";
import { axeViolations, describeViolation, seriousViolations } from "./support/axe";
import { startBuiltServer, type BuiltServer } from "./support/server";

const ADMIN = "boss@label.test";
const SHOTS = process.env.E2E_SCREENSHOTS;

let server: BuiltServer;
let browser: Browser;

beforeAll(async () => {
  server = await startBuiltServer({ ADMIN_EMAILS: ADMIN });
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

async function newPage(options: { width?: number; theme?: "dark" | "light" } = {}): Promise<Page> {
  const context = await contextForThisTest(browser, { viewport: { width: options.width ?? 1280, height: 900 } });
  if (options.theme) {
    await context.addInitScript((theme) => localStorage.setItem("label-records-theme", theme), options.theme);
  }
  return context.newPage();
}

async function signedInAdmin(): Promise<Page> {
  const page = await newPage();
  await signInThroughPage(page, server.baseUrl, ADMIN);
  return page;
}

/** A same-origin JSON call from the page, as the app's own code makes it. */
async function call<T>(page: Page, method: string, path: string, body?: unknown): Promise<T> {
  return page.evaluate(
    async ({ method, path, body }) => {
      const res = await fetch(path, {
        method,
        credentials: "include",
        headers: { "Content-Type": "application/json" },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      if (!res.ok) throw new Error(`${res.status} ${await res.text()}`);
      return res.status === 204 ? null : res.json();
    },
    { method, path, body },
  );
}

/** Every WCAG 2.x A and AA rule, and "label in name" (WCAG 2.5.3), which axe leaves off by default. */
async function wcagViolations(page: Page) {
  // Colour transitions (the theme) must end before contrast is measured.
  await page.evaluate(() => Promise.all(document.getAnimations().map((a) => a.finished.catch(() => {}))));
  const violations = await axeViolations(page, {
    runOnly: { type: "tag", values: ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"] },
    rules: { "label-content-name-mismatch": { enabled: true } },
  });
  return violations.map((v) => describeViolation(v));
}

async function expectToast(page: Page, text: string) {
  await page
    .getByRole("region", { name: /Notifications/ })
    .getByText(text, { exact: true })
    .waitFor();
}

/** The <title> in the HTML the server sends, before any script runs. */
async function servedTitle(path: string): Promise<string | undefined> {
  const html = await (await fetch(`${server.baseUrl}${path}`)).text();
  return /<title>([^<]*)<\/title>/.exec(html)?.[1];
}

describe("shows in the browser", () => {
  it("a visitor goes from the landing to a show's page and on to its booking dialog with the spots left", async () => {
    const admin = await signedInAdmin();
    const show = await call<{ id: string }>(admin, "POST", "/api/tour-dates", {
      artistName: "Juniper Hollow",
      date: "2031-07-14",
      time: "20:00",
      location: "Pier 9, New York, NY",
      timeZone: "America/New_York",
      vendorSlots: { standard: 3, deluxe: 0 },
    });
    const past = await call<{ id: string }>(admin, "POST", "/api/tour-dates", {
      artistName: "Juniper Hollow",
      date: "2021-03-06",
      time: "21:00",
      location: "The Old Mill, Leeds",
      timeZone: "Europe/London",
    });

    const visitor = await newPage();
    await visitor.goto(server.baseUrl);
    const tourDates = visitor.getByRole("region", { name: "Artist Tour Dates" });
    const link = tourDates.getByRole("link", { name: "Juniper Hollow" });
    await link.waitFor();
    // Past shows leave the list: the one link is the upcoming show.
    expect(await link.count()).toBe(1);
    expect(await tourDates.getByText("The Old Mill, Leeds").count()).toBe(0);
    expect(await tourDates.getByRole("link", { name: "Subscribe to calendar" }).getAttribute("href")).toBe(
      `webcal://${new URL(server.baseUrl).host}/api/shows.ics`,
    );

    await link.click();
    await visitor.waitForURL(`${server.baseUrl}/shows/${show.id}`);
    await visitor.getByRole("heading", { level: 1, name: "Juniper Hollow" }).waitFor();
    await visitor.getByText("Mon, Jul 14, 2031 · 8:00 PM EDT").waitFor();
    const title = "Juniper Hollow — Jul 14, 2031 at Pier 9, New York, NY | Label Records";
    expect(await visitor.title()).toBe(title);
    // The server writes the show's own title into the page for link previews and crawlers.
    expect(await servedTitle(`/shows/${show.id}`)).toBe(title);

    const slots = visitor.getByRole("region", { name: "Food vendor spots" });
    expect(await slots.getByRole("listitem").allInnerTexts()).toEqual([
      expect.stringMatching(/Standard Spot\s+\$150\.00\s+3 left/),
      expect.stringMatching(/Premium Spot\s+\$300\.00\s+10 left/),
      expect.stringMatching(/Deluxe Spot\s+\$500\.00\s+Sold out/),
    ]);
    const calendar = await fetch(
      `${server.baseUrl}${await visitor.getByRole("link", { name: "Add to calendar" }).getAttribute("href")}`,
    );
    expect(calendar.headers.get("content-type")).toMatch(/^text\/calendar/);
    expect(await seriousViolations(visitor)).toEqual([]);

    await slots.getByRole("link", { name: "Book Vendor Slot" }).click();
    await visitor.waitForURL(`${server.baseUrl}/vendor-booking?show=${show.id}`);
    const dialog = visitor.getByRole("dialog", { name: "Book Vendor Slot" });
    await dialog.getByRole("radio", { name: /Standard Spot.*3 left/ }).waitFor();
    expect(await dialog.getByRole("radio", { name: /Standard Spot/ }).isChecked()).toBe(true);
    expect(await dialog.getByRole("radio", { name: /Deluxe Spot.*Sold out/ }).isDisabled()).toBe(true);
    await dialog.getByText("Sold-out spots cannot be booked for this show.").waitFor();
    expect(await seriousViolations(visitor)).toEqual([]);

    // The archive in the artist gallery leads to the past show, which says it happened.
    await visitor.goto(`${server.baseUrl}/artists`);
    const archive = visitor.getByRole("region", { name: "Past shows" });
    await archive.getByRole("link", { name: /The Old Mill, Leeds/ }).click();
    await visitor.waitForURL(`${server.baseUrl}/shows/${past.id}`);
    await visitor.getByText("This show has already happened").waitFor();
    await visitor
      .getByRole("region", { name: "More shows by Juniper Hollow" })
      .getByRole("link", { name: /Pier 9, New York, NY/ })
      .waitFor();

    // An unknown show is the 404 page, with status 404.
    const missing = await visitor.goto(`${server.baseUrl}/shows/00000000-0000-4000-8000-000000000000`);
    expect(missing?.status()).toBe(404);
    await visitor.getByRole("heading", { level: 1, name: "Show not found" }).waitFor();
  });

  it("an admin sets the slots and links an event; the show's page and the booking dialog follow", async () => {
    const admin = await signedInAdmin();
    const event = await call<{ id: string }>(admin, "POST", "/api/events", {
      name: "Harbour Lights",
      artist: "Marisol Vega",
      venue: "Tempodrom",
      date: "2031-09-20",
      time: "19:30",
      totalTickets: 200,
      ticketPrice: "25.00",
      status: "on-sale",
      timeZone: "Europe/Berlin",
    });

    await admin.goto(`${server.baseUrl}/tour-dates`);
    await admin.getByRole("button", { name: "Add Tour Date" }).click();
    const dialog = admin.getByRole("dialog", { name: "Add Tour Date" });
    await dialog.getByLabel("Artist Name").fill("Marisol Vega");
    await dialog.getByLabel("Date").fill("2031-09-20");
    await dialog.getByLabel("Time", { exact: true }).fill("19:30");
    await dialog.getByLabel("Location").fill("Tempodrom, Berlin");
    await dialog.getByLabel("Time Zone").selectOption("Europe/Berlin");
    await dialog.getByLabel("Tickets from event").selectOption(event.id);
    await dialog.getByLabel("Deluxe Spot").fill("0");
    await dialog.getByLabel("Standard Spot").fill("2");
    expect(await seriousViolations(admin)).toEqual([]);
    await dialog.getByRole("button", { name: "Create" }).click();
    await expectToast(admin, "Tour date created successfully");

    await admin.getByRole("link", { name: /^Show page of Marisol Vega/ }).click();
    await admin.getByRole("heading", { level: 1, name: "Marisol Vega" }).waitFor();
    await admin.getByText("Sat, Sep 20, 2031 · 7:30 PM GMT+2").waitFor();
    const tickets = admin.getByRole("region", { name: "Tickets" });
    await tickets.getByText("Harbour Lights").waitFor();
    expect(await tickets.innerText()).toContain("$25.00 per ticket");
    // A member buys on the tickets page, where the link opens this event's purchase.
    await tickets.getByRole("link", { name: "Buy Tickets" }).click();
    await admin
      .getByRole("dialog", { name: "Purchase Tickets" })
      .getByText(/Harbour Lights/)
      .waitFor();

    // A visitor is asked to sign in first, and comes back to that purchase.
    const visitor = await newPage();
    const shows = (await (await fetch(`${server.baseUrl}/api/shows`)).json()) as { id: string; artistName: string }[];
    const { id } = shows.find((show) => show.artistName === "Marisol Vega")!;
    await visitor.goto(`${server.baseUrl}/shows/${id}`);
    const signIn = visitor.getByRole("link", { name: "Log in to buy tickets" });
    expect(await signIn.getAttribute("href")).toBe(
      `/api/login?returnTo=${encodeURIComponent(`/tickets?event=${event.id}`)}`,
    );
    await visitor.getByRole("region", { name: "Food vendor spots" }).getByText("2 left").waitFor();

    await visitor.getByRole("link", { name: "Book Vendor Slot" }).click();
    const booking = visitor.getByRole("dialog", { name: "Book Vendor Slot" });
    expect(await booking.getByRole("radio", { name: /Deluxe Spot.*Sold out/ }).isDisabled()).toBe(true);
    await booking.getByRole("radio", { name: /Standard Spot.*2 left/ }).waitFor();

    // Every WCAG A/AA rule, on a phone and a desktop, in both themes; no sideways scrolling.
    for (const theme of ["dark", "light"] as const) {
      for (const width of [1280, 375]) {
        const page = await newPage({ width, theme });
        await page.goto(`${server.baseUrl}/shows/${id}`);
        await page.getByRole("region", { name: "Food vendor spots" }).waitFor();
        const where = `${theme} ${width}px`;
        expect(await wcagViolations(page), where).toEqual([]);
        expect(await page.evaluate(() => document.documentElement.scrollWidth), where).toBeLessThanOrEqual(width);
        if (SHOTS) await page.screenshot({ path: `${SHOTS}/show-page-${width}-${theme}.png`, fullPage: true });
        await page.getByRole("link", { name: "Book Vendor Slot" }).click();
        await page.getByRole("dialog", { name: "Book Vendor Slot" }).getByText("2 left").waitFor();
        expect(await wcagViolations(page), `${where}, booking dialog`).toEqual([]);
        if (SHOTS) await page.screenshot({ path: `${SHOTS}/vendor-dialog-${width}-${theme}.png` });
      }
    }
  });
});
