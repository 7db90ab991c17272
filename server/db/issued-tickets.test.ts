import fs from "node:fs";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "../test/database";
import { migrationsUpTo, type MigrationsCopy } from "../test/migrations";
import { migrationsFolder, runMigrations } from "./database";

// Orders placed before tickets were issued one by one (migrations 0020 and 0021,
// docs/decisions/030-one-code-per-ticket.md).
const BEFORE = "0019_invoice_payment_instructions_and_senders";

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

/** An order as the previous version wrote it: straight into ticket_purchases, nothing else. */
async function oldOrder(db: TestDatabase, values: { quantity: number; status?: string; admittedBy?: string }) {
  const [order] = await rows<{ id: string }>(
    db,
    `insert into ticket_purchases (event_id, user_id, quantity, total_amount, status, confirmation_code, checked_in_at, checked_in_by)
     select e.id, u.id, $1, 10 * $1, $2, upper(substr(md5(random()::text), 1, 10)),
       case when $2 = 'used' then '2031-03-14 21:05:00+00'::timestamptz end, $3
     from events e, users u where u.email = 'fan@x.test' returning id`,
    [values.quantity, values.status ?? "confirmed", values.admittedBy ?? null],
  );
  return order.id;
}

describe("issuing the tickets of orders placed before tickets had rows of their own", () => {
  it("gives every old order its tickets, admitted when a whole order was, in batches, and every new order too", async () => {
    database = await createTestDatabase({ migrated: false });
    older = migrationsUpTo(BEFORE);
    await runMigrations(database, { migrationsFolder: older.folder });
    await database.pool.query(
      `insert into users (email) values ('fan@x.test'), ('door@x.test');
       insert into events (name, artist, venue, date, time, total_tickets, available_tickets, ticket_price, status)
       values ('Old Night', 'Nova', 'Pier 9', '2031-03-14', '20:00', 10000, 5000, '10.00', 'on-sale');`,
    );
    const [door] = await rows<{ id: string }>(database, "select id from users where email = 'door@x.test'");
    const three = await oldOrder(database, { quantity: 3 });
    const used = await oldOrder(database, { quantity: 2, status: "used", admittedBy: door.id });
    const cancelled = await oldOrder(database, { quantity: 1, status: "cancelled" });
    // More orders than one batch holds, so the backfill has to go round again.
    await database.pool.query(
      `insert into ticket_purchases (event_id, user_id, quantity, total_amount, confirmation_code)
       select e.id, u.id, 1, 10, 'B' || lpad(n::text, 9, '0')
       from events e, users u, generate_series(1, 2500) n where u.email = 'fan@x.test'`,
    );

    await runMigrations(database);

    const tickets = await rows<{ order_id: string; position: number; checked_in_at: Date | null; by: string | null }>(
      database,
      `select order_id, position, checked_in_at, checked_in_by as by from issued_tickets
       where order_id = any($1) order by order_id, position`,
      [[three, used, cancelled]],
    );
    const of = (id: string) => tickets.filter((t) => t.order_id === id);
    expect(of(three).map((t) => [t.position, t.checked_in_at])).toEqual([
      [1, null],
      [2, null],
      [3, null],
    ]);
    expect(of(used).map((t) => [t.position, t.checked_in_at?.toISOString(), t.by])).toEqual([
      [1, "2031-03-14T21:05:00.000Z", door.id],
      [2, "2031-03-14T21:05:00.000Z", door.id],
    ]);
    expect(of(cancelled)).toHaveLength(1);
    const [counts] = await rows<{ orders: number; tickets: number; without: number }>(
      database,
      `select (select count(*)::int from ticket_purchases) as orders,
              (select count(*)::int from issued_tickets) as tickets,
              (select count(*)::int from ticket_purchases p
                where (select count(*) from issued_tickets t where t.order_id = p.id) <> p.quantity) as without`,
    );
    expect(counts).toEqual({ orders: 2503, tickets: 2506, without: 0 });

    // An order inserted afterwards, by any version of the app, gets its tickets in the same statement.
    const later = await oldOrder(database, { quantity: 4 });
    const issued = await rows<{ position: number }>(
      database,
      "select position from issued_tickets where order_id = $1 order by position",
      [later],
    );
    expect(issued.map((t) => t.position)).toEqual([1, 2, 3, 4]);
  });

  it("can run its backfill again from the top after stopping half-way, changing nothing twice", async () => {
    database = await createTestDatabase({ migrated: false });
    await runMigrations(database);
    await database.pool.query(
      `insert into users (email) values ('fan@x.test');
       insert into events (name, artist, venue, date, time, total_tickets, available_tickets, ticket_price, status)
       values ('Night', 'Nova', 'Pier 9', '2031-03-14', '20:00', 100, 100, '10.00', 'on-sale');`,
    );
    const order = await oldOrder(database, { quantity: 2 });
    await database.pool.query("update issued_tickets set checked_in_at = now() where order_id = $1 and position = 1", [
      order,
    ]);
    const backfill = fs
      .readFileSync(path.join(migrationsFolder(), "0021_issued_tickets_backfill.sql"), "utf8")
      .split("--> statement-breakpoint");
    for (const statement of backfill) await database.pool.query(statement);

    const tickets = await rows<{ position: number; admitted: boolean }>(
      database,
      "select position, checked_in_at is not null as admitted from issued_tickets where order_id = $1 order by position",
      [order],
    );
    expect(tickets).toEqual([
      { position: 1, admitted: true },
      { position: 2, admitted: false },
    ]);
  });
});
