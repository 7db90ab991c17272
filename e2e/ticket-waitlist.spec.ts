import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser } from "playwright-core";
import { startSmtpSink, type SmtpSink } from "../server/test/smtp-sink";
import { launchBrowser, signInThroughPage } from "./support/browser";
import { startBuiltServer, type BuiltServer } from "./support/server";

let server: BuiltServer;
let browser: Browser;
let sink: SmtpSink;

function inDays(days: number): string {
  const date = new Date();
  date.setDate(date.getDate() + days);
  return date.toISOString().slice(0, 10);
}

async function query<T>(text: string, values: unknown[] = []): Promise<T[]> {
  const client = new pg.Client({ connectionString: server.databaseUrl });
  await client.connect();
  const { rows } = await client.query(text, values);
  await client.end();
  return rows as T[];
}

beforeAll(async () => {
  // The offer arrives as a real e-mail, through the outbox's worker and SMTP.
  sink = await startSmtpSink();
  server = await startBuiltServer({
    ADMIN_EMAILS: "admin@label.test",
    SMTP_URL: sink.url(),
    MAIL_FROM: "Label Records <tickets@label.test>",
  });
  browser = await launchBrowser();
  await query(
    `insert into events (name, artist, venue, date, time, total_tickets, available_tickets, ticket_price, status, max_per_order)
     values ('Last Light', 'Nova Reign', 'Pier 9', $1, '21:00', 1, 1, '0.00', 'on-sale', 4)`,
    [inDays(30)],
  );
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await sink?.close();
});

describe("the waiting list of a sold-out show", () => {
  it("a visitor joins, an order is cancelled, the offer e-mail's link buys the ticket", async () => {
    const first = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const holder = await first.newPage();
    await signInThroughPage(holder, server.baseUrl, "holder@label.test", "Holder");
    await holder.goto(`${server.baseUrl}/tickets`);
    await holder.getByRole("button", { name: "Buy Tickets for Last Light" }).click();
    await holder
      .getByRole("dialog", { name: "Purchase Tickets" })
      .getByRole("button", { name: "Confirm Purchase" })
      .click();
    await holder.getByText("Your tickets have been purchased successfully.", { exact: true }).waitFor();
    await first.close();

    const context = await browser.newContext({ viewport: { width: 375, height: 800 } });
    const page = await context.newPage();
    await signInThroughPage(page, server.baseUrl, "waiter@label.test", "Waiter");
    await page.goto(`${server.baseUrl}/tickets`);
    expect(await page.getByRole("button", { name: "Buy Tickets for Last Light" }).isDisabled()).toBe(true);
    await page.getByRole("button", { name: "Join the waiting list for Last Light" }).click();
    const dialog = page.getByRole("dialog", { name: "Join the waiting list" });
    expect(await dialog.getByLabel("E-mail").inputValue()).toBe("waiter@label.test");
    await dialog.getByRole("button", { name: "Join the waiting list" }).click();
    await page.getByText("You are number 1 in line. We e-mail you if tickets come back.").first().waitFor();

    const [order] = await query<{ id: string }>("select id from ticket_purchases where status = 'confirmed'");
    const admin = await browser.newContext();
    const adminPage = await admin.newPage();
    await signInThroughPage(adminPage, server.baseUrl, "admin@label.test", "Admin");
    const cancelled = await adminPage.request.post(`${server.baseUrl}/api/tickets/${order.id}/cancel`);
    expect(cancelled.status()).toBe(200);
    await admin.close();

    const [offer] = await sink.waitFor(
      (mail) =>
        mail.to !== undefined &&
        JSON.stringify(mail.to).includes("waiter@label.test") &&
        /Buy your tickets/.test(mail.html || ""),
      1,
      30_000,
    );
    const href = /href="([^"]*)"[^>]*>\s*Buy your tickets/.exec(String(offer.html))?.[1].replace(/&amp;/g, "&");
    expect(href).toBeTruthy();
    const link = new URL(href!);
    await page.goto(`${server.baseUrl}${link.pathname}${link.search}`);
    const purchase = page.getByRole("dialog", { name: "Purchase Tickets" });
    await purchase.getByRole("button", { name: "Confirm Purchase" }).click();
    await page.getByText("Your tickets have been purchased successfully.", { exact: true }).waitFor();
    const [entry] = await query<{ status: string }>("select status from ticket_waitlist_entries");
    expect(entry.status).toBe("bought");
    await context.close();
  });
});
