import { afterEach, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "../test/database";
import { migrationsUpTo, type MigrationsCopy } from "../test/migrations";
import { runMigrations } from "./database";

// Items and orders from before the shop had variants and order lines (migrations 0022 and 0023).
const BEFORE = "0021_issued_tickets_backfill";

let database: TestDatabase | undefined;
let older: MigrationsCopy | undefined;
afterEach(async () => {
  await database?.drop();
  database = undefined;
  older?.remove();
});

async function rows<T>(db: TestDatabase, query: string, params: unknown[] = []): Promise<T[]> {
  return (await db.pool.query(query, params)).rows as T[];
}

describe("the shop's data model over the items and orders already there", () => {
  it("gives every item a default variant with its stock, and every old order its line, amounts, status and number", async () => {
    database = await createTestDatabase({ migrated: false });
    older = migrationsUpTo(BEFORE);
    await runMigrations(database, { migrationsFolder: older.folder });
    const [shirt] = await rows<{ id: string }>(
      database,
      `insert into merchandise (name, price, stock_quantity) values ('Tour Shirt', '25.00', 40) returning id`,
    );
    await database.pool.query(`insert into merchandise (name, price, stock_quantity) values ('Pin', '5.00', 0)`);
    const [paid] = await rows<{ id: string }>(
      database,
      `insert into merchandise_orders (merchandise_id, item_name, unit_price, quantity, total_amount, customer_email, payment_status, paid_at)
       values ($1, 'Tour Shirt', '25.00', 2, '50.00', 'a@x.test', 'paid', now()) returning id`,
      [shirt.id],
    );
    const [refunded] = await rows<{ id: string }>(
      database,
      `insert into merchandise_orders (merchandise_id, item_name, unit_price, quantity, total_amount, customer_email, payment_status)
       values (null, 'Gone Item', '9.00', 1, '9.00', 'b@x.test', 'refunded') returning id`,
    );
    // More orders than one batch holds.
    await database.pool.query(
      `insert into merchandise_orders (merchandise_id, item_name, unit_price, quantity, total_amount, customer_email)
       select $1, 'Tour Shirt', '25.00', 1, '25.00', 'c' || n || '@x.test' from generate_series(1, 2100) n`,
      [shirt.id],
    );

    await runMigrations(database);

    const variants = await rows<{ merchandise_id: string; sku: string; options: object; stock_quantity: number }>(
      database,
      `select merchandise_id, sku, options, stock_quantity from merchandise_variants order by stock_quantity desc`,
    );
    expect(variants).toHaveLength(2);
    expect(variants[0]).toMatchObject({ merchandise_id: shirt.id, options: {}, stock_quantity: 40 });
    expect(variants[0].sku).toMatch(/^SKU-[0-9A-F]{12}$/);
    const [item] = await rows<{ stock_quantity: number }>(
      database,
      `select stock_quantity from merchandise where id = $1`,
      [shirt.id],
    );
    expect(item.stock_quantity).toBe(40);

    const lines = await rows<{
      id: string;
      order_id: string;
      variant_id: string | null;
      sku: string;
      quantity: number;
    }>(
      database,
      `select id, order_id, variant_id, sku, quantity from merchandise_order_lines where order_id = any($1) order by sku`,
      [[paid.id, refunded.id]],
    );
    expect(lines).toEqual([
      { id: refunded.id, order_id: refunded.id, variant_id: null, sku: "", quantity: 1 },
      { id: paid.id, order_id: paid.id, variant_id: expect.any(String), sku: variants[0].sku, quantity: 2 },
    ]);
    const orders = await rows<{ id: string; status: string; subtotal: string; shipping: string; tax: string }>(
      database,
      `select id, status, subtotal, shipping, tax from merchandise_orders where id = any($1) order by total_amount desc`,
      [[paid.id, refunded.id]],
    );
    expect(orders).toEqual([
      { id: paid.id, status: "paid", subtotal: "50.00", shipping: "0.00", tax: "0.00" },
      { id: refunded.id, status: "cancelled", subtotal: "9.00", shipping: "0.00", tax: "0.00" },
    ]);
    const [counts] = await rows<{ orders: number; lines: number; unnumbered: number; numbers: number }>(
      database,
      `select (select count(*)::int from merchandise_orders) as orders,
              (select count(*)::int from merchandise_order_lines) as lines,
              (select count(*)::int from merchandise_orders where order_number is null) as unnumbered,
              (select count(distinct order_number)::int from merchandise_orders) as numbers`,
    );
    expect(counts).toEqual({ orders: 2102, lines: 2102, unnumbered: 0, numbers: 2102 });
  });

  it("keeps an item's stock the sum of its variants', and gives new items and single-item orders what old ones got", async () => {
    database = await createTestDatabase();
    const [item] = await rows<{ id: string }>(
      database,
      `insert into merchandise (name, price, stock_quantity) values ('Hoodie', '40.00', 7) returning id`,
    );
    const stockOf = async () =>
      (await rows<{ n: number }>(database!, `select stock_quantity as n from merchandise where id = $1`, [item.id]))[0]
        .n;
    expect(await stockOf()).toBe(7);
    const [variant] = await rows<{ id: string; stock_quantity: number }>(
      database,
      `select id, stock_quantity from merchandise_variants where merchandise_id = $1`,
      [item.id],
    );
    expect(variant.stock_quantity).toBe(7);
    await database.pool.query(
      `insert into merchandise_variants (merchandise_id, sku, options, stock_quantity) values ($1, 'HOOD-L', '{"Size":"L"}', 5)`,
      [item.id],
    );
    expect(await stockOf()).toBe(12);
    // Concurrent sales of two variants of one item both count.
    await Promise.all([
      database.pool.query(`update merchandise_variants set stock_quantity = stock_quantity - 2 where id = $1`, [
        variant.id,
      ]),
      database.pool.query(`update merchandise_variants set stock_quantity = stock_quantity - 1 where sku = 'HOOD-L'`),
    ]);
    expect(await stockOf()).toBe(9);
    await database.pool.query(`delete from merchandise_variants where sku = 'HOOD-L'`);
    expect(await stockOf()).toBe(5);
    await expect(
      database.pool.query(`update merchandise_variants set stock_quantity = -1 where id = $1`, [variant.id]),
    ).rejects.toThrow(/check/);

    // A single-item order inserted the old way gets its line and amounts; a payment change moves its status.
    const [order] = await rows<{ id: string; order_number: number; status: string; subtotal: string }>(
      database,
      `insert into merchandise_orders (merchandise_id, item_name, unit_price, quantity, total_amount, customer_email)
       values ($1, 'Hoodie', '40.00', 2, '80.00', 'd@x.test') returning id, order_number, status, subtotal`,
      [item.id],
    );
    expect(order).toMatchObject({ status: "pending", subtotal: "80.00" });
    expect(Number(order.order_number)).toBeGreaterThanOrEqual(1001);
    const [line] = await rows<{ variant_id: string; quantity: number }>(
      database,
      `select variant_id, quantity from merchandise_order_lines where order_id = $1`,
      [order.id],
    );
    expect(line).toEqual({ variant_id: variant.id, quantity: 2 });
    const statusAfter = async (set: string) =>
      (
        await rows<{ status: string }>(
          database!,
          `update merchandise_orders set ${set} where id = $1 returning status`,
          [order.id],
        )
      )[0].status;
    expect(await statusAfter(`payment_status = 'paid'`)).toBe("paid");
    expect(await statusAfter(`status = 'shipped'`)).toBe("shipped");
    expect(await statusAfter(`payment_status = 'refunded'`)).toBe("cancelled");
    // An unpaid order deleted (it never reached Stripe) takes its line with it; the item's deletion leaves the line.
    await database.pool.query(`delete from merchandise where id = $1`, [item.id]);
    const [kept] = await rows<{ variant_id: string | null; merchandise_id: string | null }>(
      database,
      `select variant_id, merchandise_id from merchandise_order_lines where order_id = $1`,
      [order.id],
    );
    expect(kept).toEqual({ variant_id: null, merchandise_id: null });
  });
});
