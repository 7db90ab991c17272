import fs from "node:fs/promises";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser } from "playwright-core";
import { launchBrowser, signInThroughPage } from "./support/browser";
import { startBuiltServer, type BuiltServer } from "./support/server";

let server: BuiltServer;
let browser: Browser;

function inDays(days: number): string {
  const date = new Date();
  date.setDate(date.getDate() + days);
  return date.toISOString().slice(0, 10);
}

async function availableTickets(): Promise<number> {
  const client = new pg.Client({ connectionString: server.databaseUrl });
  await client.connect();
  const { rows } = await client.query("select available_tickets from events where name = 'Dockside Echoes'");
  await client.end();
  return rows[0].available_tickets;
}

beforeAll(async () => {
  server = await startBuiltServer({ ADMIN_EMAILS: "admin@label.test" });
  browser = await launchBrowser();
  const client = new pg.Client({ connectionString: server.databaseUrl });
  await client.connect();
  await client.query(
    `insert into events (name, artist, venue, date, time, total_tickets, available_tickets, ticket_price, status, max_per_order)
     values ('Dockside Echoes', 'Nova Reign', 'Pier 9', $1, '21:00', 12, 12, '15.00', 'on-sale', 4)`,
    [inDays(30)],
  );
  await client.end();
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe("ticket orders from purchase to cancellation", () => {
  it("a member buys tickets within the per-order cap and downloads the PDF ticket", async () => {
    const context = await browser.newContext({ viewport: { width: 375, height: 800 }, acceptDownloads: true });
    const page = await context.newPage();
    await signInThroughPage(page, server.baseUrl, "fan@label.test", "Fan");
    await page.goto(`${server.baseUrl}/tickets`);
    await page.getByRole("button", { name: "Buy Tickets for Dockside Echoes" }).click();
    const dialog = page.getByRole("dialog", { name: "Purchase Tickets" });
    await dialog.getByText("12 available · up to 4 per order").waitFor();
    await dialog.getByLabel("Number of Tickets").fill("9");
    await dialog.getByLabel("Number of Tickets").blur();
    expect(await dialog.getByLabel("Number of Tickets").inputValue()).toBe("4");
    await dialog.getByRole("button", { name: "Confirm Purchase" }).click();
    await page.getByText("Your tickets have been purchased successfully.", { exact: true }).waitFor();
    expect(await availableTickets()).toBe(8);

    await page.goto(`${server.baseUrl}/my-tickets`);
    await page.getByRole("img", { name: /QR code for ticket [A-Z2-9]{10}-4/ }).waitFor();
    const [download] = await Promise.all([
      page.waitForEvent("download"),
      page.getByRole("link", { name: "Download PDF tickets for Dockside Echoes" }).click(),
    ]);
    expect(download.suggestedFilename()).toBe("ticket-dockside-echoes.pdf");
    const pdf = await fs.readFile((await download.path())!);
    expect(pdf.subarray(0, 4).toString()).toBe("%PDF");
    await context.close();
  });

  it("an administrator cancels the order from Manage Events and the tickets go back on sale", async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    await signInThroughPage(page, server.baseUrl, "admin@label.test", "Admin");
    await page.goto(`${server.baseUrl}/admin/events`);
    const row = page.getByRole("listitem").filter({ has: page.getByRole("heading", { name: "Dockside Echoes" }) });
    await row.getByText("8 / 12 tickets available", { exact: false }).waitFor();
    await row.getByRole("button", { name: "Show orders" }).click();
    const orders = row.getByRole("list", { name: "Ticket orders" });
    await orders.getByText("Fan", { exact: true }).waitFor();
    await orders.getByRole("button", { name: /^Cancel order / }).click();
    const confirm = page.getByRole("alertdialog");
    await confirm
      .getByText(
        "4 tickets go back on sale and the buyer is e-mailed. It was to be paid at the door: nothing was charged, so there is no refund. This cannot be undone.",
      )
      .waitFor();
    await confirm.getByRole("button", { name: "Cancel order" }).click();
    await page.getByText("Order cancelled", { exact: true }).waitFor();
    await row.getByText("12 / 12 tickets available", { exact: false }).waitFor();
    await orders.getByText("Cancelled").waitFor();
    expect(await availableTickets()).toBe(12);

    // The event now has an order, so it can be cancelled but not deleted.
    page.once("dialog", (d) => void d.accept());
    await row.getByRole("button", { name: "Delete Dockside Echoes" }).click();
    // The toast shows the server's reason (and its live region repeats it for screen readers).
    await page.getByText("This event has ticket orders. Cancel the event instead of deleting it.").first().waitFor();
    await context.close();
  });
});
