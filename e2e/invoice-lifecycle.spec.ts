import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { launchBrowser, signInThroughPage } from "./support/browser";
import { startBuiltServer, type BuiltServer } from "./support/server";

let server: BuiltServer;
let browser: Browser;
let member: BrowserContext;
let page: Page;

beforeAll(async () => {
  server = await startBuiltServer();
  browser = await launchBrowser();
  member = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  page = await member.newPage();
  await signInThroughPage(page, server.baseUrl, "biller@label.test", "Biller");
});
afterAll(async () => {
  await member?.close();
  await browser?.close();
  await server?.stop();
});

describe("an invoice that gets paid", () => {
  it("is created, sent, opened by the client signed out, marked paid, with its timeline", async () => {
    await page.goto(`${server.baseUrl}/invoices`);
    await page.getByRole("button", { name: "Create Invoice" }).first().click();
    const form = page.getByRole("dialog", { name: "Create New Invoice" });
    const number = await form.getByLabel("Invoice Number").inputValue();
    await form.getByLabel("Client Name").fill("Rosa Diaz");
    await form.getByLabel("Client Email").fill("rosa@client.test");
    const line = form.getByRole("group", { name: "Line Items" }).getByRole("listitem").first();
    await line.getByLabel("Description").fill("Mixing");
    await line.getByLabel("Qty").fill("2");
    await line.getByLabel("Price").fill("50");
    await form.getByRole("button", { name: "Create Invoice" }).click();
    await page.getByText("Invoice created successfully.", { exact: true }).waitFor();

    const card = page.getByRole("listitem").filter({ has: page.getByRole("heading", { name: number }) });
    await card.getByRole("button", { name: `View ${number}` }).click();
    const detail = page.getByRole("dialog", { name: `Invoice ${number}` });
    await page.waitForURL(/\/invoices\/[0-9a-f-]{36}$/);

    // A draft has no link to share yet.
    await detail.getByRole("button", { name: "More" }).click();
    const menu = page.getByRole("menu");
    await menu.getByRole("menuitem", { name: "Duplicate" }).waitFor();
    expect(await menu.getByRole("menuitem", { name: /Copy link|Open public page/ }).count()).toBe(0);
    await page.keyboard.press("Escape");

    // Send shows the e-mail first; the member sends it as proposed.
    await detail.getByRole("button", { name: "Send", exact: true }).click();
    const preview = page.getByRole("dialog", { name: `Send invoice ${number}` });
    expect(await preview.getByLabel("Subject").inputValue()).toBe("Invoice from Label Records");
    await preview.getByRole("button", { name: "Send", exact: true }).click();
    await page.getByText(`Invoice ${number} was e-mailed to rosa@client.test.`, { exact: true }).waitFor();
    const timeline = detail.getByRole("region", { name: "Timeline" });
    await timeline.getByText("Sent to rosa@client.test").waitFor();
    await detail.getByText("Sent", { exact: true }).first().waitFor();
    await detail.getByRole("button", { name: "More" }).click();
    const publicPath = await page.getByRole("menuitem", { name: "Open public page" }).getAttribute("href");
    expect(publicPath).toMatch(/^\/pay\//);
    await page.keyboard.press("Escape");

    // The client opens the link, signed out.
    const client = await browser.newContext();
    const clientPage = await client.newPage();
    const opened = await clientPage.goto(`${server.baseUrl}${publicPath}`);
    expect(opened?.status()).toBe(200);
    await clientPage.getByRole("heading", { level: 1, name: `Invoice ${number}` }).waitFor();
    await clientPage.getByText("$100.00").first().waitFor();
    expect(await clientPage.getByRole("link", { name: "Download PDF" }).getAttribute("href")).toBe(
      `/api/public/invoices/${publicPath!.slice(5)}/pdf`,
    );

    // The owner marks it paid and sees the status and timeline change.
    await detail.getByRole("button", { name: "Mark as paid" }).click();
    const paidDialog = page.getByRole("dialog", { name: "Mark as paid" });
    await paidDialog.getByLabel("Note (optional)").fill("Bank transfer");
    await paidDialog.getByRole("button", { name: "Mark as paid" }).click();
    await page.getByText(`Invoice ${number} is paid.`, { exact: true }).waitFor();
    await detail.getByText("Paid", { exact: true }).first().waitFor();
    await timeline.getByText("Viewed by the client").waitFor();
    await timeline.getByText(/^Marked as paid \([A-Z][a-z]{2} \d{1,2}, \d{4}\): Bank transfer$/).waitFor();
    await detail.getByText("Amount due").locator("xpath=..").getByText("$0.00").waitFor();
    await detail.getByRole("button", { name: "More" }).click();
    await page.getByRole("menuitem", { name: "Duplicate" }).waitFor();
    expect(await page.getByRole("menuitem", { name: "Edit" }).count()).toBe(0);
    await page.keyboard.press("Escape");

    // Closing goes back to the list; the invoice's address opens it again, straight from the server.
    const address = page.url();
    await detail.getByRole("button", { name: "Close" }).click();
    await page.waitForURL(`${server.baseUrl}/invoices`);
    expect((await page.goto(address))?.status()).toBe(200);
    await page
      .getByRole("dialog", { name: `Invoice ${number}` })
      .getByText("Paid", { exact: true })
      .first()
      .waitFor();

    await clientPage.reload();
    await clientPage.getByText("Paid. Thank you!").waitFor();
    const altered = await clientPage.goto(`${server.baseUrl}${publicPath!.slice(0, -3)}xyz`);
    expect(altered?.status()).toBe(404);
    await clientPage.getByText("This invoice link isn't active. Ask the sender for a new one.").waitFor();
    expect(await clientPage.getByText(/404 Page Not Found|Did you forget/).count()).toBe(0);
    await client.close();
  });
});
