// At the door: a member buys three tickets for tonight's free show and the purchase ends on its
// confirmation card; an administrator on a phone admits the three people one by one (the
// order's code, then "Admit next ticket", then one ticket's own code), then sees the order
// used up. The card and the door are checked by axe with every rule, in both themes at 375 and
// 1280 px.
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, Page } from "playwright-core";
import { dayInZone } from "@shared/zoned-time";
import { contextForThisTest, launchBrowser, signInThroughPage } from "./support/browser";
import { axeViolations, describeViolation } from "./support/axe";
import { startBuiltServer, type BuiltServer } from "./support/server";

let server: BuiltServer;
let browser: Browser;

async function pageFor(email: string, name: string, width: number, theme: "dark" | "light" = "dark"): Promise<Page> {
  const context = await contextForThisTest(browser, { viewport: { width, height: 900 } });
  await context.addInitScript((stored) => window.localStorage.setItem("label-records-theme", stored), theme);
  const page = await context.newPage();
  await signInThroughPage(page, server.baseUrl, email, name);
  return page;
}

/** Optional: SCREENSHOT_DIR=/tmp/shots saves what the journey sees, for a human to look at. */
async function snapshot(page: Page, name: string) {
  const dir = process.env.SCREENSHOT_DIR;
  if (dir) await page.screenshot({ path: `${dir}/${name}.png`, fullPage: true });
}

/** Every axe rule, not only the WCAG tags: scrollable regions, heading order and the best practices too. */
async function expectNoViolations(page: Page) {
  // Colour transitions (a theme change) end first: axe must see where they end.
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => animation.effect?.getComputedTiming().endTime !== Infinity)
        .map((animation) => animation.finished.catch(() => {})),
    ),
  );
  const violations = await axeViolations(page);
  expect(violations.map((v) => describeViolation(v))).toEqual([]);
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
}

beforeAll(async () => {
  [server, browser] = await Promise.all([startBuiltServer({ ADMIN_EMAILS: "door@label.test" }), launchBrowser()]);
  const client = new pg.Client({ connectionString: server.databaseUrl });
  await client.connect();
  await client.query(
    // Tonight at a venue on UTC: the door admits tickets on their event's day only.
    `insert into events (name, artist, venue, date, time, total_tickets, available_tickets, ticket_price, status, time_zone)
     values ('Open Door Night', 'Nova Reign', 'Harborview Arena', $1, '20:00', 50, 50, '0.00', 'on-sale', 'UTC')`,
    [dayInZone(new Date(), "UTC")],
  );
  await client.end();
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe("checking tickets at the door", () => {
  it("ends a purchase on its confirmation card, then admits a 3-ticket order's people one by one", async () => {
    const member = await pageFor("fan@label.test", "Frankie Fan", 1280);
    await member.goto(`${server.baseUrl}/tickets`);
    const card = member.getByRole("listitem").filter({ has: member.getByRole("heading", { name: "Open Door Night" }) });
    await card.getByRole("button", { name: "Buy Tickets for Open Door Night" }).click();
    const dialog = member.getByRole("dialog", { name: "Purchase Tickets" });
    await dialog.getByLabel("Number of Tickets").fill("3");
    await dialog.getByRole("button", { name: "Confirm Purchase" }).click();
    await member.getByText("Your tickets have been purchased successfully.", { exact: true }).waitFor();
    const confirmation = member.getByRole("region", { name: "Tickets confirmed: 3 tickets for Open Door Night" });
    await confirmation.getByText("We've e-mailed your tickets to", { exact: false }).waitFor();
    await confirmation.getByText("fan@label.test").waitFor();
    expect(await confirmation.evaluate((el) => el === document.activeElement)).toBe(true);
    const code = (await confirmation.getByText(/^[A-Z2-9]{10}$/).textContent())!;
    await snapshot(member, "purchase-confirmation");
    // The card passes every axe rule and fits a phone, in both themes.
    for (const width of [1280, 375]) {
      await member.setViewportSize({ width, height: 900 });
      for (const pass of [0, 1]) {
        if (pass) await member.getByRole("button", { name: "Toggle theme" }).first().click();
        await expectNoViolations(member);
      }
    }
    // The card stays until dismissed: still there after My Tickets and back.
    await confirmation.getByRole("link", { name: "View My Tickets" }).click();
    await member.waitForURL(`${server.baseUrl}/my-tickets`);
    await member.getByRole("img", { name: `QR code for ticket ${code}-3` }).waitFor();
    await member.goBack();
    await confirmation.waitFor();

    const door = await pageFor("door@label.test", "Dana Door", 375);
    await door.goto(`${server.baseUrl}/check-in`);
    await door.getByRole("heading", { name: "Check-in", level: 1 }).waitFor();
    // Today's only event is already chosen.
    await door.getByRole("button", { name: /^Open Door Night/, pressed: true }).waitFor();
    await door.getByText("0 of 3 tickets checked in").waitFor();
    const field = door.getByLabel("Confirmation code");
    const camera = door.getByRole("button", { name: "Start camera" });
    const cameraAt = await camera.boundingBox();

    // The order's code, typed as people read it off a phone: lower case, with a dash.
    await field.fill(`${code.slice(0, 5).toLowerCase()}-${code.slice(5)}`);
    await door.getByRole("button", { name: "Check in" }).click();
    const answer = door.getByRole("status").filter({ has: door.getByRole("heading", { level: 2 }) });
    await answer.getByRole("heading", { name: "Admitted" }).waitFor();
    await answer.getByText("Ticket 1 of 3 · Frankie Fan").waitFor();
    await answer.getByText("2 more tickets on this order", { exact: false }).waitFor();
    expect(await field.inputValue()).toBe("");
    expect(await field.evaluate((el) => el === document.activeElement)).toBe(true);
    // The answer sits above the field, and Start camera has not moved.
    expect((await answer.boundingBox())!.y).toBeLessThan((await field.boundingBox())!.y);
    expect(await camera.boundingBox()).toEqual(cameraAt);
    await snapshot(door, "check-in-admitted");

    // The second person of the group: from the answer, without typing again.
    await answer.getByRole("button", { name: "Admit next ticket" }).click();
    await answer.getByText("Ticket 2 of 3 · Frankie Fan").waitFor();
    // The third shows their own ticket: its code admits that ticket only.
    await field.fill(`${code}-3`);
    await field.press("Enter");
    await answer.getByText("Ticket 3 of 3 · Frankie Fan").waitFor();
    await door.getByText("3 of 3 tickets checked in").waitFor();
    expect(await camera.boundingBox()).toEqual(cameraAt);

    // Nobody else gets in on this order.
    await field.fill(code);
    await field.press("Enter");
    await answer.getByRole("heading", { name: "Already used" }).waitFor();
    await answer.getByText(/^All 3 tickets of this order have been used\. .* by Dana Door\.$/).waitFor();
    await snapshot(door, "check-in-already-used");

    // The door, with an answer showing, in both themes at both widths.
    for (const theme of ["dark", "light"] as const) {
      for (const width of [375, 1280]) {
        const page = await pageFor("door@label.test", "Dana Door", width, theme);
        await page.goto(`${server.baseUrl}/check-in`);
        await page.getByText("3 of 3 tickets checked in").waitFor();
        await page.getByLabel("Confirmation code").fill(`${code}-2`);
        await page.getByLabel("Confirmation code").press("Enter");
        await page.getByRole("heading", { name: "Already used" }).waitFor();
        await page.getByRole("searchbox", { name: "Buyer e-mail" }).fill("fan");
        await page.getByRole("button", { name: "Search" }).click();
        await page.getByRole("list", { name: "Matching orders" }).waitFor();
        expect(await page.getByRole("button", { name: `Admit ${code}` }).isDisabled()).toBe(true);
        await snapshot(page, `check-in-${width}-${theme}`);
        await expectNoViolations(page);
      }
    }
  });
});
