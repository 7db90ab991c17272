// At the door: a member buys a ticket for a free event, and an administrator on a phone-sized
// screen checks it in by its typed code, then sees the same code refused as already used.
import AxeBuilder from "@axe-core/playwright";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { dayInZone } from "@shared/zoned-time";
import { launchBrowser, signInThroughPage } from "./support/browser";
import { startBuiltServer, type BuiltServer } from "./support/server";

let server: BuiltServer;
let browser: Browser;
const contexts: BrowserContext[] = [];

async function pageFor(email: string, name: string, width: number): Promise<Page> {
  const context = await browser.newContext({ viewport: { width, height: 900 } });
  contexts.push(context);
  const page = await context.newPage();
  await signInThroughPage(page, server.baseUrl, email, name);
  return page;
}

/** Optional: SCREENSHOT_DIR=/tmp/shots saves what the journey sees, for a human to look at. */
async function snapshot(page: Page, name: string) {
  const dir = process.env.SCREENSHOT_DIR;
  if (dir) await page.screenshot({ path: `${dir}/${name}.png`, fullPage: true });
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
  for (const context of contexts) await context.close();
  await browser?.close();
  await server?.stop();
});

describe("checking tickets at the door", () => {
  it("admits a typed code once, then shows it as already used", async () => {
    const member = await pageFor("fan@label.test", "Frankie Fan", 1280);
    await member.goto(`${server.baseUrl}/tickets`);
    const card = member.getByRole("listitem").filter({ has: member.getByRole("heading", { name: "Open Door Night" }) });
    await card.getByRole("button", { name: "Buy Tickets for Open Door Night" }).click();
    const dialog = member.getByRole("dialog", { name: "Purchase Tickets" });
    await dialog.getByLabel("Number of Tickets").fill("2");
    await dialog.getByRole("button", { name: "Confirm Purchase" }).click();
    await member.getByText("Your tickets have been purchased successfully.", { exact: true }).waitFor();
    await member.goto(`${server.baseUrl}/my-tickets`);
    const code = (await member
      .getByText(/^[A-Z2-9]{10}$/)
      .first()
      .textContent())!;

    const door = await pageFor("door@label.test", "Dana Door", 375);
    await door.goto(`${server.baseUrl}/check-in`);
    await door.getByRole("heading", { name: "Check-in", level: 1 }).waitFor();
    // Today's only event is already chosen.
    await door.getByRole("button", { name: /^Open Door Night/, pressed: true }).waitFor();
    await door.getByText("0 of 2 tickets checked in").waitFor();

    const field = door.getByLabel("Confirmation code");
    // Typed as people read it off a phone: lower case, with a dash in the middle.
    await field.fill(`${code.slice(0, 5).toLowerCase()}-${code.slice(5)}`);
    await door.getByRole("button", { name: "Check in" }).click();
    const result = door.getByRole("status").filter({ has: door.getByRole("heading", { level: 2 }) });
    await result.getByRole("heading", { name: "Admitted" }).waitFor();
    await result.getByText("2 tickets").waitFor();
    await result.getByText("Frankie Fan").waitFor();
    expect(await field.inputValue()).toBe("");
    expect(await field.evaluate((el) => el === document.activeElement)).toBe(true);
    await door.getByText("2 of 2 tickets checked in").waitFor();
    await snapshot(door, "check-in-admitted");
    const { violations } = await new AxeBuilder({ page: door }).analyze();
    expect(violations.filter((v) => v.impact === "serious" || v.impact === "critical").map((v) => v.id)).toEqual([]);
    expect(await door.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);

    await field.fill(code);
    await field.press("Enter");
    await result.getByRole("heading", { name: "Already used" }).waitFor();
    await result.getByText(/by Dana Door\.$/).waitFor();
    await snapshot(door, "check-in-already-used");
  });
});
