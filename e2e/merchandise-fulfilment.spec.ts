import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, Page } from "playwright-core";
import { contextForThisTest, launchBrowser, signInThroughPage } from "./support/browser";
import { startBuiltServer, type BuiltServer } from "./support/server";

const ADMIN = "shipper@label.test";

let server: BuiltServer;
let browser: Browser;

async function query<T extends pg.QueryResultRow>(text: string, values: unknown[] = []): Promise<T[]> {
  const client = new pg.Client({ connectionString: server.databaseUrl });
  await client.connect();
  try {
    return (await client.query<T>(text, values)).rows;
  } finally {
    await client.end();
  }
}

/** A paid order of 3 shirts (M / Black) and 1 LP, to a US address, as the checkout leaves it. */
async function seedPaidOrder(): Promise<{ id: string; number: number }> {
  const [item] = await query<{ id: string }>(
    "insert into merchandise (name, price, stock_quantity) values ('Tour Shirt', '20.00', 0) returning id",
  );
  const [order] = await query<{ id: string; order_number: number }>(
    `insert into merchandise_orders (total_amount, subtotal, shipping, tax, customer_email, payment_status, status,
       paid_at, ship_name, ship_line1, ship_city, ship_region, ship_postal_code, ship_country)
     values ('85.00', '85.00', '0', '0', 'fan@fans.test', 'paid', 'paid', now(), 'Robin Buyer', '1 Vinyl Way',
       'Portland', 'OR', '97201', 'US') returning id, order_number`,
  );
  await query(
    `insert into merchandise_order_lines (order_id, merchandise_id, sku, options, item_name, quantity, unit_price, position)
     values ($1, $2, 'TEE-M-BLK', '{"Size":"M","Colour":"Black"}', 'Tour Shirt', 3, '20.00', 0),
            ($1, $2, 'LP-01', '{}', 'Night Drive LP', 1, '25.00', 1)`,
    [order.id, item.id],
  );
  return { id: order.id, number: order.order_number };
}

beforeAll(async () => {
  server = await startBuiltServer({ ADMIN_EMAILS: ADMIN });
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

async function signedInAdmin(width = 1280): Promise<Page> {
  const context = await contextForThisTest(browser, { viewport: { width, height: 900 } });
  const page = await context.newPage();
  await signInThroughPage(page, server.baseUrl, ADMIN);
  return page;
}

describe("fulfilment", () => {
  it("an admin finds an order, ships part of it with a tracking number, and the order shows the parcel", async () => {
    const order = await seedPaidOrder();
    const admin = await signedInAdmin(375);
    await admin.goto(`${server.baseUrl}/admin/orders`);
    await admin.getByRole("heading", { name: "Orders", exact: true }).waitFor();
    await admin.getByRole("searchbox", { name: "Search" }).fill(`#${order.number}`);
    const row = admin.getByRole("listitem").filter({ hasText: `Order #${order.number}` });
    await row.getByRole("button", { name: /Details/ }).click();

    const detail = admin.getByRole("dialog", { name: new RegExp(`Order #${order.number}`) });
    await detail.getByText("1 Vinyl Way").waitFor();
    await detail.getByRole("button", { name: "Ship" }).click();

    const ship = admin.getByRole("dialog", { name: `Ship order #${order.number}` });
    await ship.getByRole("spinbutton", { name: /Tour Shirt \(M \/ Black\)/ }).fill("2");
    await ship.getByRole("spinbutton", { name: /Night Drive LP/ }).fill("0");
    await ship.getByRole("combobox", { name: "Carrier" }).selectOption("UPS");
    await ship.getByRole("textbox", { name: "Tracking number" }).fill("1Z999AA10123456784");
    await ship.getByRole("button", { name: "Mark as shipped" }).click();

    const link = detail.getByRole("link", { name: "1Z999AA10123456784" });
    await link.waitFor();
    expect(await link.getAttribute("href")).toBe("https://www.ups.com/track?tracknum=1Z999AA10123456784");
    await detail.getByText("Partially shipped").waitFor();
    const [{ status }] = await query<{ status: string }>("select status from merchandise_orders where id = $1", [
      order.id,
    ]);
    expect(status).toBe("partially-shipped");
    const [{ count }] = await query<{ count: string }>(
      "select count(*) from outbox_messages where about_id = $1 and template = 'merchandise-order-shipped'",
      [order.id],
    );
    expect(Number(count)).toBe(1);

    // The buyer opens the link of "Your order has shipped", signed out, on a phone: the order page
    // shows the new status and the parcel's tracking link.
    const [{ link: orderLink }] = await query<{ link: string }>(
      "select params->>'link' as link from outbox_messages where about_id = $1 and template = 'merchandise-order-shipped'",
      [order.id],
    );
    expect(orderLink).toMatch(new RegExp(`^${server.baseUrl}/orders/`));
    const buyer = await (await contextForThisTest(browser, { viewport: { width: 375, height: 800 } })).newPage();
    await buyer.goto(orderLink);
    await buyer.getByRole("heading", { level: 1, name: `Order #${order.number}` }).waitFor();
    await buyer.getByText("Partly shipped").waitFor();
    const parcels = buyer.getByRole("region", { name: "Tracking" });
    const tracking = parcels.getByRole("link", { name: "1Z999AA10123456784" });
    await tracking.waitFor();
    expect(await tracking.getAttribute("href")).toBe("https://www.ups.com/track?tracknum=1Z999AA10123456784");
    expect(await parcels.textContent()).toContain("UPS");
    await buyer.context().close();
  });
});
