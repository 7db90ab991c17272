import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, Page } from "playwright-core";
import { launchBrowser, signInThroughPage } from "./support/browser";
import { seriousViolations } from "./support/axe";
import { startBuiltServer, type BuiltServer } from "./support/server";

const ADMIN = "admin@label.test";
const FACEBOOK_KEY = "FB-E2E-SECRET-5c1d";

let browser: Browser;
let seeded: BuiltServer;
let empty: BuiltServer;

beforeAll(async () => {
  [seeded, empty] = await Promise.all([
    // The poll is shortened through the server's configuration; the product default stays 30 s.
    startBuiltServer({ SEED_DEMO: "true", LIVE_STREAM_POLL_MS: "1000", ADMIN_EMAILS: ADMIN }),
    startBuiltServer(),
  ]);
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await Promise.all([seeded?.stop(), empty?.stop()]);
});

const h2 = (page: Page, name: string) => page.getByRole("heading", { level: 2, name, exact: true });

async function newVisitor(width = 1440) {
  const context = await browser.newContext({ viewport: { width, height: 900 } });
  return { context, page: await context.newPage() };
}

describe("the public landing page", () => {
  it("shows the seeded label: featured artist, tour dates and available merchandise, and no LIVE NOW while nothing is live", async () => {
    const { context, page } = await newVisitor();
    await page.goto(seeded.baseUrl);
    await h2(page, "Community Featured Artist of the Month").waitFor();
    expect(await page.title()).toBe("Label Records — Full-Service Record Label");
    await page.getByText("Featured for November 2026").waitFor();
    expect(await page.getByRole("img", { name: "Nova Reign" }).count()).toBe(1);

    const tourDates = page.getByRole("region", { name: "Artist Tour Dates" });
    expect(await tourDates.getByRole("listitem").count()).toBe(8);
    expect(await tourDates.getByRole("listitem").first().textContent()).toContain("Sat, Dec 12, 2026");

    const merch = page.getByRole("region", { name: "Merchandise" });
    await merch.getByText("World Tour T-Shirt").waitFor();
    expect(await merch.getByRole("listitem").count()).toBe(5);
    expect(await merch.getByText("Loud Hearts Splatter Vinyl").count()).toBe(0);
    expect(await merch.getByText("$14.50").count()).toBe(1);

    for (const genre of ["Hip Hop / Rap", "R&B / Soul", "Pop", "Jazz / Blues", "Gospel", "Country", "Punk Rock"]) {
      expect(await page.getByRole("heading", { level: 3, name: genre, exact: true }).count()).toBe(1);
    }
    expect(await h2(page, "LIVE NOW").count()).toBe(0);
    expect(await page.getByRole("contentinfo").textContent()).toContain("© 2024");
    await context.close();
  });

  it("shows TBA tour dates and leaves out the featured artist, merchandise and LIVE NOW on an empty database", async () => {
    const { context, page } = await newVisitor(375);
    await page.goto(empty.baseUrl);
    await page.getByRole("heading", { level: 3, name: "Artist: TBA" }).first().waitFor();
    expect(await page.getByRole("link", { name: "Log In" }).count()).toBe(1);
    for (const name of ["LIVE NOW", "Community Featured Artist of the Month", "Merchandise"]) {
      expect(await h2(page, name).count()).toBe(0);
    }
    await h2(page, "Food Vendors").waitFor();

    await page.goto(`${empty.baseUrl}/artists`);
    await page.getByRole("heading", { name: "No Artists Yet" }).waitFor();
    await page.getByText("Check back soon to see our featured artists").waitFor();
    await context.close();
  });

  it("switches between the dark and light theme and keeps the choice across a reload", async () => {
    const { context, page } = await newVisitor();
    await page.goto(seeded.baseUrl);
    const themeClass = () => page.evaluate(() => document.documentElement.className);
    expect(await themeClass()).toContain("dark");
    await page.getByRole("button", { name: "Toggle theme" }).click();
    expect(await themeClass()).toContain("light");
    expect(await themeClass()).not.toContain("dark");
    await page.reload();
    await h2(page, "Artist Tour Dates").waitFor();
    expect(await themeClass()).toContain("light");
    await page.getByRole("button", { name: "Toggle theme" }).click();
    expect(await themeClass()).toContain("dark");
    await context.close();
  });

  it("follows 'View All Artists' to the gallery and back", async () => {
    const { context, page } = await newVisitor();
    await page.goto(seeded.baseUrl);
    await page.getByRole("link", { name: "View All Artists" }).click();
    await page.waitForURL(`${seeded.baseUrl}/artists`);
    await page.getByRole("heading", { level: 1, name: "Artist Gallery" }).waitFor();
    await page.getByRole("heading", { level: 2, name: "Featured Artists" }).waitFor();
    await page.getByText("Featured: September 2026").waitFor();
    expect(await page.getByRole("main").getByRole("listitem").count()).toBe(3);
    expect(await page.title()).toBe("Artist Gallery — Label Records");
    const video = page.getByRole("link", { name: /Watch Video/ });
    expect(await video.getAttribute("target")).toBe("_blank");
    expect(await video.getAttribute("rel")).toBe("noopener noreferrer");

    await page.getByRole("link", { name: "Back to Home" }).click();
    await page.waitForURL(`${seeded.baseUrl}/`);
    await h2(page, "Artist Tour Dates").waitFor();
    await context.close();
  });

  it("shows LIVE NOW without a reload once an admin sets the stream live, and never sends its key", async () => {
    const { context, page } = await newVisitor();
    await page.goto(seeded.baseUrl);
    await h2(page, "Artist Tour Dates").waitFor();
    // Survives only if the page is never reloaded.
    await page.evaluate(() => ((window as unknown as { noReload: boolean }).noReload = true));
    expect(await h2(page, "LIVE NOW").count()).toBe(0);

    const admin = await browser.newContext();
    const adminPage = await admin.newPage();
    await signInThroughPage(adminPage, seeded.baseUrl, ADMIN, "Label Admin");
    const status = await adminPage.evaluate(async (key) => {
      const streams = await (await fetch("/api/live-streams")).json();
      const res = await fetch(`/api/live-streams/${streams[0].id}`, {
        method: "PATCH",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ status: "live", viewerCount: 321, facebookStreamKey: key, tiktokUsername: "novareign" }),
      });
      return res.status;
    }, FACEBOOK_KEY);
    expect(status).toBe(200);
    await admin.close();

    await h2(page, "LIVE NOW").waitFor({ timeout: 15_000 });
    expect(await page.evaluate(() => (window as unknown as { noReload?: boolean }).noReload)).toBe(true);
    const live = page.getByRole("region", { name: "LIVE NOW" });
    await live.getByText("321 watching").waitFor();
    await live.getByText("Live from Studio A: Nova Reign Listening Session").waitFor();
    expect(await live.getByRole("listitem").allTextContents()).toEqual(["Facebook", "TikTok @novareign"]);
    const publicJson = await page.evaluate(async () => (await fetch("/api/live-streams/current")).text());
    expect(publicJson).not.toContain(FACEBOOK_KEY);
    expect(publicJson).toContain('"facebook":true');
    await context.close();
  });

  it.each([
    ["dark", 1440],
    ["dark", 375],
    ["light", 1440],
    ["light", 375],
  ] as const)(
    "has no serious or critical accessibility violations on the landing and the gallery (%s, %i px)",
    async (theme, width) => {
      const context = await browser.newContext({ viewport: { width, height: 900 } });
      await context.addInitScript((value) => localStorage.setItem("label-records-theme", value), theme);
      const page = await context.newPage();
      await page.goto(seeded.baseUrl);
      await h2(page, "Merchandise").waitFor();
      expect(await page.evaluate(() => document.documentElement.className)).toContain(theme);
      expect(await seriousViolations(page)).toEqual([]);
      await page.goto(`${seeded.baseUrl}/artists`);
      await page.getByText("Featured: November 2026").waitFor();
      expect(await seriousViolations(page)).toEqual([]);
      await context.close();
    },
  );
});
