import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser } from "playwright-core";
import { launchBrowser } from "./support/browser";
import { startBuiltServer, type BuiltServer } from "./support/server";

let server: BuiltServer;
let browser: Browser;

beforeAll(async () => {
  server = await startBuiltServer({ ADMIN_EMAILS: "admin@label.test" });
  browser = await launchBrowser();
  const client = new pg.Client({ connectionString: server.databaseUrl });
  await client.connect();
  await client.query(
    `insert into shipping_zones (name, countries, tax_rate, position) values
       ('Domestic', '{US}', 8.875, 0), ('EU', '{DE,FR}', 19, 1)`,
  );
  const {
    rows: [shirt],
  } = await client.query(
    `insert into merchandise (name, price, stock_quantity, is_available, options)
     values ('Journey Shirt', '20.00', 0, 1, '[{"name":"Size","values":["S","M"]}]') returning id`,
  );
  for (const [size, sku] of [
    ["S", "JOURNEY-S"],
    ["M", "JOURNEY-M"],
  ]) {
    await client.query(
      `insert into merchandise_variants (merchandise_id, sku, options, stock_quantity) values ($1, $2, $3, 10) returning id`,
      [shirt.id, sku, JSON.stringify({ Size: size })],
    );
  }
  await client.query(
    `insert into merchandise_shipping_rates (merchandise_id, zone_id, first, additional)
     select $1, id, case name when 'Domestic' then 5.00 else 12.00 end, case name when 'Domestic' then 1.50 else 4.00 end
     from shipping_zones`,
    [shirt.id],
  );
  await client.end();
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe("the shop's cart and checkout", () => {
  it("a visitor's cart of two variants survives a reload, and a domestic or EU address changes shipping and tax", async () => {
    const context = await browser.newContext({ viewport: { width: 375, height: 800 } });
    const page = await context.newPage();
    await page.goto(server.baseUrl);
    // The grid's Buy of an item with options leads to its page; there each size is added.
    await page.getByRole("link", { name: "Buy Journey Shirt: choose its options" }).click();
    await page.getByRole("heading", { level: 1, name: "Journey Shirt" }).waitFor();
    await page.getByRole("radio", { name: "S", exact: true }).check({ force: true });
    await page.getByRole("button", { name: "Add to cart" }).click();
    await page.getByRole("button", { name: /Cart \(1\)/ }).waitFor();
    await page.getByRole("radio", { name: "M", exact: true }).check({ force: true });
    await page.getByRole("button", { name: "Buy Journey Shirt" }).click();
    const drawer = page.getByRole("dialog", { name: "Your cart" });
    await drawer.getByText("Journey Shirt").nth(1).waitFor();
    await page.goto(server.baseUrl);
    await page.getByRole("button", { name: /Cart \(2\)/ }).click();
    await drawer.getByRole("button", { name: "One more Journey Shirt (M)" }).click();
    await drawer.getByText("$60.00").waitFor();
    await page.reload();
    await page.getByRole("button", { name: /Cart \(3\)/ }).click();
    await drawer.getByRole("link", { name: "Checkout" }).click();
    await page.getByRole("heading", { name: "Checkout" }).waitFor();

    const country = page.getByLabel("Country");
    await country.selectOption("US");
    // 60.00; shipping 5.00 + 2 × 1.50 = 8.00; 8.875 % of 68.00 = 6.035 → 6.04; total 74.04.
    const totals = page.getByLabel("Order total");
    await totals.getByText("$74.04").waitFor();
    expect((await totals.innerText()).replace(/\s+/g, " ")).toContain(
      "Shipping $8.00 Tax (8.875 %) $6.04 Total $74.04",
    );
    await country.selectOption("DE");
    // Shipping 12.00 + 2 × 4.00 = 20.00; 19 % of 80.00 = 15.20; total 95.20.
    await totals.getByText("$95.20").waitFor();
    expect((await totals.innerText()).replace(/\s+/g, " ")).toContain("Shipping $20.00 Tax (19 %) $15.20 Total $95.20");
    await context.close();
  });
});
