import { drizzle } from "drizzle-orm/node-postgres";
import { migrate } from "drizzle-orm/node-postgres/migrator";
import pg from "pg";
import { afterEach, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "../test/database";
import { migrationsUpTo, type MigrationsCopy } from "../test/migrations";
import { runMigrations } from "./database";

// Before the instants became timestamptz (migration 0014), the app's sessions used the
// database's own TimeZone: now() stored that zone's wall time, and drizzle stored JavaScript
// dates as UTC wall time (docs/decisions/024-instants-and-venue-days.md).
const BEFORE = "0012_show_artist_index";
/**
 * Tables whose rewrite would stop sales and sign-ins while it runs. (users is rewritten: telling
 * its two kinds of updated_at apart takes an expression, and the table is small.)
 */
const BUSY = ["ticket_purchases", "events", "vendor_bookings", "merchandise_orders", "sessions", "tour_dates"];

let database: TestDatabase | undefined;
let older: MigrationsCopy | undefined;
const clients: pg.Client[] = [];
afterEach(async () => {
  for (const client of clients.splice(0)) await client.end().catch(() => undefined);
  await database?.drop();
  database = undefined;
  older?.remove();
});

/** A connection as the previous version of the app had them: the database's own session settings. */
async function oldAppConnection(url: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  clients.push(client);
  return client;
}

async function at(db: TestDatabase, query: string, params: unknown[] = []) {
  const { rows } = await db.pool.query<{ same: boolean }>(query, params);
  return rows[0].same;
}

describe("the move of every instant column to timestamptz", () => {
  it("keeps the instant of every stored value in a database whose TimeZone is America/New_York", async () => {
    database = await createTestDatabase({ migrated: false, timeZone: "America/New_York" });
    older = migrationsUpTo(BEFORE);
    const old = await oldAppConnection(database.url);
    await migrate(drizzle(old), { migrationsFolder: older.folder });

    // Rows as the old app wrote them: defaults from now(), dates from JavaScript as drizzle sent them.
    await old.query("begin");
    const { rows: clock } = await old.query<{ now: string }>("select now()::text as now");
    const now = clock[0].now;
    const cancelledAt = "2026-11-20T15:30:00.123Z";
    const updatedAt = "2026-11-21T09:15:00.456Z";
    const { rows: shows } = await old.query<{ id: string }>(
      "insert into tour_dates (artist_name, date, time, location) values ('Nova', '2031-07-14', '20:00', 'NYC') returning id",
    );
    await old.query(
      `insert into vendor_bookings (tour_date_id, vendor_name, vendor_email, vendor_phone, business_name, food_type, spot_type, amount, cancelled_at)
       values ($1, 'Rosa', 'rosa@tacos.test', '555', 'Tacos', 'Mexican', 'standard', 150, $2)`,
      [shows[0].id, cancelledAt],
    );
    await old.query("insert into users (email) values ('new@x.test'), ('back@x.test')");
    await old.query("update users set updated_at = $1 where email = 'back@x.test'", [updatedAt]);
    await old.query("insert into sessions (sid, sess, expire) values ('s1', '{}', to_timestamp(1900000000))");
    await old.query("commit");
    await old.end();

    await runMigrations(database);

    expect(await at(database, "select created_at = $1::timestamptz as same from tour_dates", [now])).toBe(true);
    expect(
      await at(
        database,
        "select created_at = $1::timestamptz and cancelled_at = $2::timestamptz as same from vendor_bookings",
        [now, cancelledAt],
      ),
    ).toBe(true);
    expect(
      await at(
        database,
        "select created_at = $1::timestamptz and updated_at = $1::timestamptz as same from users where email = 'new@x.test'",
        [now],
      ),
    ).toBe(true);
    expect(
      await at(database, "select updated_at = $1::timestamptz as same from users where email = 'back@x.test'", [
        updatedAt,
      ]),
    ).toBe(true);
    expect(await at(database, "select expire = to_timestamp(1900000000) as same from sessions")).toBe(true);
  });

  it("rewrites no busy table in a database that runs in UTC, and builds their indexes again", async () => {
    database = await createTestDatabase({ migrated: false, timeZone: "UTC" });
    older = migrationsUpTo(BEFORE);
    await runMigrations(database, { migrationsFolder: older.folder });
    const files = async () =>
      (
        await database!.pool.query<{ name: string; file: string }>(
          "select relname as name, pg_relation_filenode(oid::regclass)::text as file from pg_class where relname = any($1) order by relname",
          [BUSY],
        )
      ).rows;
    const before = await files();
    await runMigrations(database);
    expect(await files()).toEqual(before);
    const { rows } = await database.pool.query<{ name: string }>(
      "select c.relname as name from pg_index i join pg_class c on c.oid = i.indexrelid where i.indisvalid and c.relname = any($1) order by 1",
      [
        [
          "IDX_session_expire",
          "merchandise_orders_pending_address_idx",
          "merchandise_orders_pending_email_idx",
          "object_uploads_created_at_idx",
          "vendor_bookings_pending_address_idx",
          "vendor_bookings_pending_email_idx",
        ],
      ],
    );
    expect(rows).toHaveLength(6);
  });
});

describe("the app's connections", () => {
  it("run in UTC whatever the database's own TimeZone, while the migrations see the database's", async () => {
    database = await createTestDatabase({ migrated: false, timeZone: "Asia/Kolkata" });
    await runMigrations(database);
    const { rows } = await database.pool.query(
      "select current_setting('TimeZone') as zone, now()::date = (now() at time zone 'UTC')::date as utc_day",
    );
    expect(rows[0]).toEqual({ zone: "UTC", utc_day: true });
    const own = await oldAppConnection(database.url);
    expect((await own.query("select current_setting('TimeZone') as zone")).rows[0].zone).toBe("Asia/Kolkata");
  });
});
