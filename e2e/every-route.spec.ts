// Every route of the route table, as a visitor, a member and an administrator would see it: in
// both themes, at 1280 px and on a 375 px phone. Each page is checked by axe with all its rules
// and the experimental "label in name" rule (WCAG 2.5.3) that axe leaves off by default: any
// violation of a WCAG 2.x A or AA rule fails, and so does a serious or critical one of the
// others (axe's best practices). On the phone, no page may scroll sideways. Kept short for CI:
// one browser and one server; the four visitors run side by side; each route loads once, axe
// runs once per page, width and theme for both rule sets, and the widths and the theme change
// in place (the theme through the page's own toggle).
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, BrowserContext, Page } from "playwright-core";
import type { Result } from "axe-core";
import { SIGNED_IN_PATHS, SIGNED_OUT_PATHS, type SignedOutPath } from "../shared/routes";
import { axeRun, describeViolation, isSerious } from "./support/axe";
import { launchBrowser, signInThroughPage } from "./support/browser";
import { startBuiltServer, type BuiltServer } from "./support/server";

const ADMIN = "admin@label.test";
const MEMBER = "member@label.test";
/** 44+ characters: it must truncate wherever the brand shows, never widen the page. */
const LONG_LABEL_NAME = "The Extraordinarily Long Named Independent Records Collective";

const WCAG_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"];
const LABEL_IN_NAME = "label-content-name-mismatch";

const WIDTHS = [1280, 375] as const;

/** What each route shows once loaded (its <h1>), so the scan never runs on a loading state. */
type RouteCheck = readonly [path: string, heading: string | RegExp];

const SIGNED_OUT_HEADINGS: Record<SignedOutPath, string> = {
  "/": "Your sound, from first take to sold-out show.",
  "/vendor-booking": "Food Vendor Event Slots",
  "/artists": "Artist Gallery",
};
const SIGNED_OUT: readonly RouteCheck[] = [
  ...SIGNED_OUT_PATHS.map((path): RouteCheck => [path, SIGNED_OUT_HEADINGS[path]]),
  ["/no-such-page", "404 Page Not Found"],
];

/** Every signed-in route of the router; its aliases (/studio, /fashion, /dashboard/…) show the same pages. */
const MEMBER_ROUTES: readonly RouteCheck[] = [
  ["/", /^Welcome, /],
  ["/store", "Music Store"],
  ["/submissions", "Music Submissions"],
  ["/session", "Session Musicians"],
  ["/bookings", "Event & Artist Bookings"],
  ["/advertising", "Advertising"],
  ["/dashboard", "Studio Department"],
  ["/settings", "Label Settings"],
  ["/tour-dates", "Tour Dates Management"],
  ["/tickets", "Event Tickets"],
  ["/invoices", "Invoices"],
  ["/merchandise", "Merchandise"],
  ["/vendor-booking", "Food Vendor Event Slots"],
  ["/artists", "Artist Gallery"],
  ["/development", "Artist Development"],
  ["/my-tickets", "My Tickets"],
];

/** What only administrators see: their home, the management pages and the admin routes. */
const ADMIN_ROUTES: readonly RouteCheck[] = [
  ["/", /^Welcome, /],
  ["/tour-dates", "Tour Dates Management"],
  ["/merchandise", "Merchandise Management"],
  ["/admin/events", "Manage Events"],
  ["/admin/featured-artists", "Manage Featured Artists"],
  ["/admin/live-streams", "Manage Live Streams"],
  ["/admin/resources", "Manage Resources"],
  ["/admin/vendor-bookings", "Vendor Bookings"],
  ["/admin/outbox", "Outbox"],
  ["/admin/shipping", "Shipping Zones"],
  ["/admin/orders", "Shop Orders"],
  ["/admin/catalogue", "Catalogue"],
  ["/admin/payees", "Payees"],
  ["/admin/store", "Music Store Sales"],
  ["/library", "Your Music Library"],
  ["/admin/royalty-imports", "Royalty Imports"],
  ["/admin/unmatched", "Unmatched Lines"],
  ["/admin/submissions", "A&R"],
  ["/check-in", "Check-in"],
  ["/admin/royalty-periods", "Royalty Periods"],
  ["/royalties", "Royalties"],
];

/**
 * The aliases the dashboard's tiles and sidebar link to: the same pages as their routes, which
 * the sweeps above check in every theme and width, so each is checked once, as it first opens
 * for an administrator (with the members' pages, where administrators see more controls).
 */
const ALIASES: readonly RouteCheck[] = [
  ["/studio", "Studio Department"],
  ["/ar", "Music Submissions"],
  ["/fashion", "Merchandise"],
  ["/dashboard/submissions", "Music Submissions"],
  ["/dashboard/artists", "Artist Gallery"],
  ["/dashboard/bookings", "Event & Artist Bookings"],
  ["/dashboard/library", "Music Store"],
  ["/dashboard/settings", "Label Settings"],
];

let server: BuiltServer;
let browser: Browser;
const contexts: BrowserContext[] = [];

beforeAll(async () => {
  [server, browser] = await Promise.all([
    startBuiltServer({ SEED_DEMO: "true", ADMIN_EMAILS: ADMIN }),
    launchBrowser(),
  ]);
});

afterAll(async () => {
  for (const context of contexts) await context.close();
  await browser?.close();
  await server?.stop();
});

async function newVisitor(signInAs?: string): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: WIDTHS[0], height: 900 } });
  contexts.push(context);
  const page = await context.newPage();
  if (signInAs) await signInThroughPage(page, server.baseUrl, signInAs);
  return page;
}

async function setLabelName(email: string, labelName: string) {
  const client = new pg.Client({ connectionString: server.databaseUrl });
  await client.connect();
  try {
    await client.query("update users set label_name = $1 where email = $2", [labelName, email]);
  } finally {
    await client.end();
  }
}

/** A WCAG A or AA rule fails at any impact; axe's best practices when serious or critical. */
function fails(violation: Result): boolean {
  const wcag = violation.id === LABEL_IN_NAME || violation.tags.some((tag) => WCAG_TAGS.includes(tag));
  return wcag || isSerious(violation);
}

async function scan(page: Page, where: string): Promise<{ found: string[]; ran: string[] }> {
  const results = await axeRun(page, { rules: { [LABEL_IN_NAME]: { enabled: true } } });
  const ran = [...results.passes, ...results.violations, ...results.incomplete, ...results.inapplicable].map(
    (r) => r.id,
  );
  const found = results.violations.filter(fails).map((v) => describeViolation(v, where));
  return { found, ran };
}

/** Wider than the screen means the page scrolls sideways on a phone. */
async function sidewaysOverflow(page: Page, where: string): Promise<string[]> {
  const { scrollWidth, innerWidth } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    innerWidth: window.innerWidth,
  }));
  return scrollWidth > innerWidth ? [`${where}: the page is ${scrollWidth} px wide on a ${innerWidth} px screen`] : [];
}

/** Colour transitions (theme), width transitions (sidebar): axe must see where they end. */
async function settled(page: Page) {
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        // Endless ones (a spinner, a pulsing dot) never finish; only finite ones are waited for.
        .filter((animation) => animation.effect?.getComputedTiming().endTime !== Infinity)
        .map((animation) => animation.finished.catch(() => {})),
    ),
  );
}

async function currentTheme(page: Page): Promise<"dark" | "light"> {
  return (await page.evaluate(() => document.documentElement.classList.contains("dark"))) ? "dark" : "light";
}

/**
 * Loads each route once and checks it at both widths in both themes; returns every finding.
 * Pages without a theme toggle (the 404) are loaded again in the other theme instead.
 */
async function sweep(
  page: Page,
  who: string,
  routes: readonly RouteCheck[],
  { once = false }: { once?: boolean } = {},
): Promise<{ found: string[]; ran: Set<string> }> {
  const found: string[] = [];
  const ran = new Set<string>();
  const check = async (path: string, widths: readonly number[]) => {
    const theme = await currentTheme(page);
    for (const width of widths) {
      const where = `${who} ${path} ${theme} ${width}px`;
      await page.setViewportSize({ width, height: width === 375 ? 812 : 900 });
      await settled(page);
      if (width === 375) found.push(...(await sidewaysOverflow(page, where)));
      const result = await scan(page, where);
      found.push(...result.found);
      for (const id of result.ran) ran.add(id);
    }
  };
  const load = async (path: string, heading: string | RegExp) => {
    await page.goto(`${server.baseUrl}${path}`);
    await page.getByRole("heading", { level: 1, name: heading }).first().waitFor();
    // Lists and images settle before axe looks (contrast over images, empty states).
    await page.waitForLoadState("networkidle");
  };

  const sweepRoute = async (path: string, heading: string | RegExp) => {
    await page.setViewportSize({ width: WIDTHS[0], height: 900 });
    await load(path, heading);
    const before = await currentTheme(page);
    await check(path, WIDTHS);
    const toggle = page.getByRole("button", { name: "Toggle theme" }).first();
    if (await toggle.count()) {
      // The toggle's own click handler, without waiting for the pointer checks (visible,
      // stable): other journeys click it as a person does; here only the theme it sets matters,
      // and a renderer starved of CPU once kept a click waiting for "stable" for 30 s.
      await toggle.dispatchEvent("click");
    } else {
      await page.evaluate(
        (next) => localStorage.setItem("label-records-theme", next),
        before === "dark" ? "light" : "dark",
      );
      await load(path, heading);
    }
    if ((await currentTheme(page)) === before) found.push(`${who} ${path}: the theme did not change`);
    await check(path, [...WIDTHS].reverse());
  };

  for (const [path, heading] of routes) {
    try {
      if (once) {
        await load(path, heading);
        await check(path, [WIDTHS[0]]);
      } else {
        await sweepRoute(path, heading);
      }
    } catch (error) {
      // A timeout names its locator, not the route: say which page it was on.
      throw new Error(`${who} ${path}: ${(error as Error).message}`, { cause: error });
    }
  }
  return { found, ran };
}

describe("the sweeps' route lists", () => {
  it("hold every route of the route table, so a page added to it is checked too", () => {
    const swept = new Set([...SIGNED_OUT, ...MEMBER_ROUTES, ...ADMIN_ROUTES, ...ALIASES].map(([path]) => path));
    const missing = [...SIGNED_OUT_PATHS, ...SIGNED_IN_PATHS].filter((path) => !swept.has(path));
    expect(missing).toEqual([]);
  });
});

describe.concurrent("every route, in both themes, at 1280 and 375 px", () => {
  it("passes every WCAG 2.x A and AA axe rule (label in name included) and every serious best practice, for a visitor", async ({
    expect,
  }) => {
    const page = await newVisitor();
    const { found, ran } = await sweep(page, "visitor", SIGNED_OUT);
    expect(ran, "the label-in-name rule must run").toContain(LABEL_IN_NAME);
    expect(found).toEqual([]);
  }, 400_000);

  it("passes them for a member whose label name is long, and no page scrolls sideways", async ({ expect }) => {
    const page = await newVisitor(MEMBER);
    await setLabelName(MEMBER, LONG_LABEL_NAME);
    expect(LONG_LABEL_NAME.length).toBeGreaterThanOrEqual(44);
    const { found, ran } = await sweep(page, "member", MEMBER_ROUTES);
    expect(ran).toContain(LABEL_IN_NAME);
    expect(found).toEqual([]);
  }, 400_000);

  it("passes them for an administrator on the pages only administrators see", async ({ expect }) => {
    const page = await newVisitor(ADMIN);
    const { found, ran } = await sweep(page, "admin", ADMIN_ROUTES);
    expect(ran).toContain(LABEL_IN_NAME);
    expect(found).toEqual([]);
  }, 400_000);

  it("passes them for an administrator on the members' pages and the aliases, once each as it opens", async ({
    expect,
  }) => {
    const page = await newVisitor(ADMIN);
    const adminPaths = new Set(ADMIN_ROUTES.map(([path]) => path));
    const routes = [...MEMBER_ROUTES.filter(([path]) => !adminPaths.has(path)), ...ALIASES];
    const { found, ran } = await sweep(page, "admin", routes, { once: true });
    expect(ran).toContain(LABEL_IN_NAME);
    expect(found).toEqual([]);
  }, 400_000);
});

describe("layout details a member notices", () => {
  it("keeps Back above the title, the bookings summary below the top bar, and the gallery inside the layout", async () => {
    const page = await newVisitor(MEMBER);
    for (const path of ["/bookings", "/store"]) {
      await page.goto(`${server.baseUrl}${path}`);
      const title = page.getByRole("heading", { level: 1 });
      const back = page.getByRole("main").getByRole("link", { name: "Back", exact: true });
      expect((await back.boundingBox())!.y).toBeLessThan((await title.boundingBox())!.y);
    }

    await page.goto(`${server.baseUrl}/bookings`);
    const summary = page.getByRole("heading", { name: "Payment Summary" });
    await summary.waitFor();
    await page.mouse.wheel(0, 900);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(300);
    const bar = (await page.locator("header").first().boundingBox())!;
    await expect.poll(async () => (await summary.boundingBox())!.y).toBeGreaterThanOrEqual(bar.y + bar.height);

    await page.getByRole("navigation", { name: "Dashboard" }).getByRole("link", { name: "Artists" }).click();
    await page.waitForURL(`${server.baseUrl}/dashboard/artists`);
    await page.getByRole("heading", { level: 1, name: "Artist Gallery" }).waitFor();
    expect(await page.getByRole("navigation", { name: "Dashboard" }).count()).toBe(1);
  });

  it("puts the phone home's tiles two to a row and keeps the assistant button off them", async () => {
    const page = await newVisitor(MEMBER);
    await page.setViewportSize({ width: 375, height: 812 });
    await page.goto(server.baseUrl);
    const tiles = page.getByRole("region", { name: "Departments" }).getByRole("link");
    await tiles.first().waitFor();
    const [first, second] = [(await tiles.nth(0).boundingBox())!, (await tiles.nth(1).boundingBox())!];
    expect(second.y).toBe(first.y);
    expect(second.x).toBeGreaterThan(first.x + first.width);

    // Scrolled to the end, nothing a member reads or taps lies under the floating button.
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    const button = (await page.getByRole("button", { name: "Open AI assistant" }).boundingBox())!;
    const links = await page.getByRole("main").getByRole("link").all();
    for (const link of links) {
      const box = (await link.boundingBox())!;
      const overlaps =
        box.x < button.x + button.width &&
        button.x < box.x + box.width &&
        box.y < button.y + button.height &&
        button.y < box.y + box.height;
      expect(overlaps, `${await link.textContent()} is under the assistant button`).toBe(false);
    }
  });
});
