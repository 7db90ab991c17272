import crypto from "node:crypto";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, Locator, Page } from "playwright-core";
import { launchBrowser } from "./support/browser";
import { startBuiltServer, type BuiltServer } from "./support/server";

// A first-time buyer on a phone: the grid's prices and Buy, the item's page, the cart, the
// checkout, and the order page of an order with returns (docs/decisions/049-shop-craft.md).
const SESSION_SECRET = crypto.randomBytes(32).toString("hex");
const PHONE = { width: 375, height: 740 };

let server: BuiltServer;
let browser: Browser;

async function query<T extends pg.QueryResultRow>(sql: string, params: unknown[] = []): Promise<T[]> {
  const client = new pg.Client({ connectionString: server.databaseUrl });
  await client.connect();
  try {
    return (await client.query<T>(sql, params)).rows;
  } finally {
    await client.end();
  }
}

/** The order link's token, signed as the server signs it (server/lib/signed-token.ts). */
function orderToken(id: string) {
  const key = crypto.createHmac("sha256", SESSION_SECRET).update("label-platform/merchandise-order-token/v1").digest();
  return `${id}.${crypto.createHmac("sha256", key).update(id).digest().subarray(0, 16).toString("base64url")}`;
}

async function inView(page: Page, target: Locator) {
  const box = await target.boundingBox();
  expect(box).not.toBeNull();
  expect(box!.y).toBeGreaterThanOrEqual(0);
  expect(box!.y + box!.height).toBeLessThanOrEqual(page.viewportSize()!.height);
}

async function atLeast44(target: Locator) {
  const box = await target.boundingBox();
  expect(box!.width).toBeGreaterThanOrEqual(44);
  expect(box!.height).toBeGreaterThanOrEqual(44);
}

beforeAll(async () => {
  server = await startBuiltServer({ ADMIN_EMAILS: "admin@label.test", SESSION_SECRET });
  browser = await launchBrowser();
  await query(`insert into shipping_zones (name, countries, tax_rate, position) values ('Domestic', '{US}', 8.875, 0)`);
  const [tee] = await query<{ id: string }>(
    `insert into merchandise (name, price, stock_quantity, is_available, options, description)
     values ('Tour Tee 2026', '30.00', 0, 1, '[{"name":"Size","values":["S","M"]}]', $1) returning id`,
    ["A long description. ".repeat(40)],
  );
  await query(
    `insert into merchandise_variants (merchandise_id, sku, options, stock_quantity, price) values
       ($1, 'TEE26-S', '{"Size":"S"}', 10, null), ($1, 'TEE26-M', '{"Size":"M"}', 2, '34.00')`,
    [tee.id],
  );
  await query(
    `insert into merchandise_shipping_rates (merchandise_id, zone_id, first, additional)
     select $1, id, 5.00, 1.50 from shipping_zones`,
    [tee.id],
  );
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe("the shop for a first-time buyer on a phone", () => {
  it("finds the shop from any public header: Shop in view, the site's links behind Menu, the brand whole", async () => {
    const context = await browser.newContext({ viewport: PHONE });
    const page = await context.newPage();
    for (const path of ["/", "/vendor-booking"]) {
      await page.goto(`${server.baseUrl}${path}`);
      const header = page.getByRole("banner").first();
      await inView(page, header.getByRole("link", { name: "Shop", exact: true }));
      // The brand keeps its whole name: nothing of it is cut off.
      const name = header.getByText("Label Records", { exact: true }).first();
      expect(await name.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
      const menu = header.getByRole("button", { name: "Menu" });
      await atLeast44(menu);
      await menu.click();
      const links = page.getByRole("navigation", { name: "Site menu" }).getByRole("link");
      expect(await links.allTextContents()).toEqual(["Artists", "Tour Dates", "Shop", "Food Vendors"]);
      await page.keyboard.press("Escape");
      expect(await menu.getAttribute("aria-expanded")).toBe("false");
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    }
    await page.getByRole("banner").first().getByRole("link", { name: "Shop", exact: true }).click();
    await page.getByRole("heading", { name: "Merchandise" }).waitFor();
    await context.close();
  });

  it("prices from the lowest variant, names Buy, says Added, keeps the cart in view, and checks out within stock", async () => {
    const context = await browser.newContext({ viewport: PHONE });
    const page = await context.newPage();
    await page.goto(`${server.baseUrl}/#shop`);
    const card = page.getByRole("listitem").filter({ has: page.getByRole("heading", { name: "Tour Tee 2026" }) });
    await card.getByText("From $30.00").waitFor();
    await card.getByRole("link", { name: /^Buy Tour Tee 2026/ }).click();

    await page.getByRole("heading", { level: 1, name: "Tour Tee 2026" }).waitFor();
    await page.getByRole("radio", { name: "M", exact: true }).check({ force: true });
    await page.getByText("Only 2 left").waitFor();
    const add = page.getByRole("button", { name: "Add to cart" });
    await add.click();
    await page.getByRole("button", { name: "Added" }).waitFor();
    expect(await page.getByTestId("cart-announcer").getAttribute("aria-live")).toBe("polite");
    expect(await page.getByTestId("cart-announcer").textContent()).toBe("1 item in your cart");
    // Scrolled to the end of a long page, the cart is still at hand.
    await page.mouse.wheel(0, 5000);
    await page.waitForFunction(() => window.scrollY > 0);
    const cartButton = page.getByRole("button", { name: /Cart \(1\)/ });
    await inView(page, cartButton);
    await atLeast44(cartButton);

    await page.getByRole("button", { name: "Buy Tour Tee 2026" }).click();
    const drawer = page.getByRole("dialog", { name: "Your cart" });
    await drawer.getByRole("spinbutton", { name: "Quantity of Tour Tee 2026 (M)" }).waitFor();
    await atLeast44(drawer.getByRole("button", { name: "Close" }));
    await atLeast44(drawer.getByRole("button", { name: "One less Tour Tee 2026 (M)" }));
    await atLeast44(drawer.getByRole("button", { name: "One more Tour Tee 2026 (M)" }));
    // Two in stock: the line holds two and says so.
    expect(await drawer.getByRole("spinbutton").inputValue()).toBe("2");
    expect(await drawer.getByRole("button", { name: "One more Tour Tee 2026 (M)" }).isDisabled()).toBe(true);
    await drawer.getByText("Only 2 left").waitFor();
    await drawer.getByRole("link", { name: "Checkout" }).click();

    await page.getByRole("heading", { level: 1, name: "Checkout" }).waitFor();
    const header = page.getByRole("banner");
    expect(await header.getByRole("link", { name: "Back to shop" }).getAttribute("href")).toBe("/#shop");
    await header.getByRole("link", { name: /home$/ }).waitFor();
    const lines = page.getByRole("list", { name: "Items in your cart" });
    await lines.getByRole("button", { name: "One less Tour Tee 2026 (M)" }).click();
    expect(await lines.getByRole("spinbutton").inputValue()).toBe("1");
    await page.getByRole("button", { name: "Continue to Payment" }).click();
    await page.getByText("Choose a country", { exact: true }).and(page.locator("p")).waitFor();
    await page.getByLabel("Country").selectOption("US");
    // 34.00; shipping 5.00; 8.875 % of 39.00 = 3.46; total 42.46.
    await page.getByLabel("Order total").getByText("$42.46").waitFor();
    await lines.getByRole("button", { name: "Remove Tour Tee 2026 (M)" }).click();
    await page.getByText("Your cart is empty.").waitFor();
    await context.close();
  });

  it("shows the buyer's order with its returns, the refund in the totals, the label's header and contact", async () => {
    const [line] = await query<{ id: string }>(`select id from merchandise_variants where sku = 'TEE26-S'`);
    const [order] = await query<{ id: string; order_number: number }>(
      `insert into merchandise_orders (total_amount, subtotal, shipping, tax, refunded_amount, customer_email,
         payment_status, status, paid_at, created_at, ship_name, ship_line1, ship_city, ship_region, ship_postal_code, ship_country)
       values ('98.00', '90.00', '8.00', '0', '30.00', 'ada@fans.test', 'paid', 'shipped', now(), '2031-01-10T10:00:00Z',
         'Ada Fan', '1 Vinyl Way', 'Portland', 'OR', '97201', 'US') returning id, order_number`,
    );
    const [orderLine] = await query<{ id: string }>(
      `insert into merchandise_order_lines (order_id, variant_id, sku, options, item_name, quantity, unit_price, position)
       values ($1, $2, 'TEE26-S', '{"Size":"S"}', 'Tour Tee 2026', 3, '30.00', 0) returning id`,
      [order.id, line.id],
    );
    const [parcel] = await query<{ id: string }>(
      `insert into merchandise_fulfilments (order_id, carrier, tracking_number) values ($1, 'UPS', '1Z999') returning id`,
      [order.id],
    );
    await query(
      `insert into merchandise_fulfilment_lines (fulfilment_id, order_line_id, quantity) values ($1, $2, 3)`,
      [parcel.id, orderLine.id],
    );
    const returns: [string, string | null, string | null, string][] = [
      ["refunded", "30.00", null, "2031-01-12T10:00:00Z"],
      ["rejected", null, "Worn", "2031-01-13T10:00:00Z"],
      ["requested", null, null, "2031-01-14T10:00:00Z"],
    ];
    for (const [status, refund, rejection, requestedAt] of returns) {
      const [row] = await query<{ id: string }>(
        `insert into merchandise_returns (order_id, status, reason, refund_amount, rejection_reason, requested_at, refunded_at)
         values ($1, $2, 'Too small', $3, $4, $5, case when $2 = 'refunded' then now() end) returning id`,
        [order.id, status, refund, rejection, requestedAt],
      );
      await query(`insert into merchandise_return_lines (return_id, order_line_id, quantity) values ($1, $2, 1)`, [
        row.id,
        orderLine.id,
      ]);
    }

    const context = await browser.newContext({ viewport: PHONE });
    const page = await context.newPage();
    await page.goto(`${server.baseUrl}/orders/${orderToken(order.id)}`);
    await page.getByRole("heading", { level: 1, name: `Order #${order.order_number}` }).waitFor();
    await page.getByText("Ordered on January 10, 2031").waitFor();
    await page.getByText("Status: Shipped").waitFor();
    expect(await page.getByRole("banner").getByRole("link", { name: "Back to shop" }).getAttribute("href")).toBe(
      "/#shop",
    );
    const requests = page.getByRole("list", { name: "Your return requests" }).getByRole("listitem");
    expect(await requests.allInnerTexts()).toEqual([
      expect.stringMatching(/Requested on Jan 12, 2031[\s\S]*Approved and refunded \$30\.00/),
      expect.stringMatching(/Requested on Jan 13, 2031[\s\S]*Not accepted: Worn/),
      expect.stringMatching(/Requested on Jan 14, 2031[\s\S]*Waiting for the label to look at it/),
    ]);
    expect((await page.getByText("Refunded", { exact: true }).locator("..").innerText()).replace(/\s+/g, " ")).toBe(
      "Refunded −$30.00",
    );
    // 3 shipped, 1 refunded, 1 waiting: one more may be asked for.
    await page.getByText("(up to 1)").waitFor();
    await page.getByRole("region", { name: "Questions about your order?" }).getByRole("link").first().waitFor();

    // An altered link is the app's 404 page, with its way home.
    await page.goto(`${server.baseUrl}/orders/${order.id}.forged`);
    await page.getByRole("heading", { name: "404 Page Not Found" }).waitFor();
    await page.getByRole("link", { name: "Go to the home page" }).waitFor();
    await context.close();
  });
});
