import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { launchBrowser, signInThroughPage } from "./support/browser";
import { seriousViolations } from "./support/axe";
import { startBuiltServer, type BuiltServer } from "./support/server";

let server: BuiltServer;
let browser: Browser;
let context: BrowserContext;
let page: Page;

/** Optional: SCREENSHOT_DIR=/tmp/shots saves what the journey sees, for a human to look at. */
async function snapshot(name: string) {
  const dir = process.env.SCREENSHOT_DIR;
  if (dir) await page.screenshot({ path: `${dir}/${name}.png`, fullPage: true });
}

async function expectNoSeriousViolations(target: Page) {
  expect(await seriousViolations(target)).toEqual([]);
}

function inDays(days: number): string {
  const date = new Date();
  date.setDate(date.getDate() + days);
  return date.toISOString().slice(0, 10);
}

beforeAll(async () => {
  server = await startBuiltServer({ ADMIN_EMAILS: "admin@label.test" });
  browser = await launchBrowser();
  // The event the member buys for, seeded straight into the server's database.
  const client = new pg.Client({ connectionString: server.databaseUrl });
  await client.connect();
  await client.query(
    `insert into events (name, artist, venue, date, time, description, total_tickets, available_tickets, ticket_price, status)
     values ('Harbor Lights', 'Nova Reign', 'Harborview Arena', $1, '20:00', 'One night only.', 10, 10, '25.50', 'on-sale')`,
    [inDays(21)],
  );
  await client.end();
  context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  page = await context.newPage();
  await signInThroughPage(page, server.baseUrl, "member@label.test", "Member");
});
afterAll(async () => {
  await context?.close();
  await browser?.close();
  await server?.stop();
});

describe("a member buys tickets and bills a client", () => {
  it("buys tickets, sees the toast, the lowered count and the confirmation with what to pay at the door, and finds each ticket on My Tickets", async () => {
    await page.goto(`${server.baseUrl}/tickets`);
    const card = page.getByRole("listitem").filter({ has: page.getByRole("heading", { name: "Harbor Lights" }) });
    await card.getByText("10 / 10 tickets available").waitFor();
    await expectNoSeriousViolations(page);
    await snapshot("tickets");

    await card.getByRole("button", { name: "Buy Tickets for Harbor Lights" }).click();
    const dialog = page.getByRole("dialog", { name: "Purchase Tickets" });
    await dialog.getByLabel("Number of Tickets").fill("3");
    await dialog.getByText("$76.50").waitFor();
    await snapshot("purchase-dialog");
    await dialog.getByRole("button", { name: "Confirm Purchase" }).click();

    await page.getByText("Your tickets have been purchased successfully.", { exact: true }).waitFor();
    await card.getByText("7 / 10 tickets available").waitFor();
    await dialog.waitFor({ state: "detached" });
    // This server has no Stripe keys: the order is a reservation, paid at the door.
    const reserved = page.getByRole("region", { name: "Tickets reserved: 3 tickets for Harbor Lights" });
    await reserved.getByText("Pay at the door: $76.50", { exact: true }).waitFor();
    await reserved.getByText("member@label.test").waitFor();

    const client = new pg.Client({ connectionString: server.databaseUrl });
    await client.connect();
    const { rows } = await client.query("select confirmation_code, quantity, total_amount from ticket_purchases");
    await client.end();
    expect(rows).toEqual([
      { confirmation_code: expect.stringMatching(/^[A-Z2-9]{10}$/), quantity: 3, total_amount: "76.50" },
    ]);
    const code = rows[0].confirmation_code as string;

    await reserved.getByRole("link", { name: "View My Tickets" }).click();
    await page.waitForURL(`${server.baseUrl}/my-tickets`);
    const ticket = page.getByRole("listitem").filter({ has: page.getByRole("heading", { name: "Harbor Lights" }) });
    await ticket.getByText(code, { exact: true }).waitFor();
    await ticket.getByText("$76.50", { exact: true }).waitFor();
    await ticket.getByText("Pay at the door: $76.50", { exact: true }).waitFor();
    for (const n of [1, 2, 3]) await ticket.getByRole("img", { name: `QR code for ticket ${code}-${n}` }).waitFor();
    await snapshot("my-tickets");
  });

  it("creates an invoice with two lines and tax, sees its total in the list and opens its printable detail", async () => {
    await page.goto(`${server.baseUrl}/invoices`);
    await page.getByRole("heading", { name: "No Invoices Yet" }).waitFor();
    await expectNoSeriousViolations(page);
    await page.getByRole("button", { name: "Create Invoice" }).first().click();

    const dialog = page.getByRole("dialog", { name: "Create New Invoice" });
    const number = await dialog.getByLabel("Invoice Number").inputValue();
    expect(number).toMatch(/^INV-\d{13}$/);
    await dialog.getByLabel("Company Name").fill("Label Records");
    await dialog.getByLabel("Client Name").fill("Marisol Vega");
    await dialog.getByLabel("Client Email").fill("marisol@artist.test");
    const lines = dialog.getByRole("group", { name: "Line Items" }).getByRole("listitem");
    await lines.nth(0).getByLabel("Description").fill("Mixing");
    await lines.nth(0).getByLabel("Qty").fill("3");
    await lines.nth(0).getByLabel("Price").fill("19.99");
    await dialog.getByRole("button", { name: "Add Item" }).click();
    await lines.nth(1).getByLabel("Description").fill("Mastering");
    await lines.nth(1).getByLabel("Qty").fill("1");
    await lines.nth(1).getByLabel("Price").fill("150");
    await dialog.getByLabel("Tax Amount").fill("10.50");
    await dialog.getByLabel("Notes").fill("Thank you for recording with us.");
    await expect(dialog.getByRole("status", { name: "Total", exact: true }).textContent()).resolves.toBe("$220.47");
    await snapshot("create-invoice");
    await dialog.getByRole("button", { name: "Create Invoice" }).click();

    await page.getByText("Invoice created successfully.", { exact: true }).waitFor();
    await dialog.waitFor({ state: "detached" });
    const card = page.getByRole("listitem").filter({ has: page.getByRole("heading", { name: number }) });
    await card.getByText("Marisol Vega").waitFor();
    await card.getByText("$220.47").waitFor();
    await card.getByText("Draft", { exact: true }).waitFor();
    await expectNoSeriousViolations(page);
    await snapshot("invoices");

    await card.getByRole("button", { name: `View ${number}` }).click();
    const detail = page.getByRole("dialog", { name: `Invoice ${number}` });
    await detail.getByRole("cell", { name: "Mixing" }).waitFor();
    await detail.getByRole("cell", { name: "Mastering" }).waitFor();
    await detail.getByText("Thank you for recording with us.").waitFor();
    expect(await detail.getByRole("row").allTextContents()).toEqual([
      "DescriptionQtyPriceAmount",
      "Mixing3$19.99$59.97",
      "Mastering1$150.00$150.00",
    ]);
    await detail.getByText("Amount due").locator("xpath=..").getByText("$220.47").waitFor();
    await snapshot("invoice-detail");

    // Printing shows the invoice alone: the app behind the dialog is hidden.
    await page.emulateMedia({ media: "print" });
    expect(await page.evaluate(() => getComputedStyle(document.getElementById("root")!).display)).toBe("none");
    await detail.getByRole("cell", { name: "Mastering" }).waitFor();
    await snapshot("invoice-print");
    await page.emulateMedia({ media: "screen" });
  });
});
