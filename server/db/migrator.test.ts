import pg from "pg";
import { drizzle } from "drizzle-orm/node-postgres";
import { readMigrationFiles } from "drizzle-orm/migrator";
import { migrate } from "drizzle-orm/node-postgres/migrator";
import { afterEach, describe, expect, it } from "vitest";
import { captureLogger } from "../test/capture-logger";
import { createTestDatabase, type TestDatabase } from "../test/database";
import { migrationsOf, migrationsUpTo, type MigrationsCopy } from "../test/migrations";
import { migrationsFolder, runMigrations } from "./database";

let database: TestDatabase | undefined;
const folders: MigrationsCopy[] = [];
const clients: pg.Client[] = [];
afterEach(async () => {
  for (const client of clients.splice(0)) await client.end().catch(() => undefined);
  await database?.drop();
  database = undefined;
  for (const folder of folders.splice(0)) folder.remove();
});

async function connect(url: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  clients.push(client);
  return client;
}

function keep(copy: MigrationsCopy) {
  folders.push(copy);
  return copy.folder;
}

async function recorded(db: TestDatabase) {
  const { rows } = await db.pool.query<{ id: number; hash: string; created_at: string }>(
    "select id, hash, created_at from drizzle.__drizzle_migrations order by id",
  );
  return rows;
}

async function indexState(db: TestDatabase, name: string) {
  const { rows } = await db.pool.query<{ valid: boolean }>(
    "select i.indisvalid as valid from pg_index i where i.indexrelid = to_regclass($1)",
    [`"${name}"`],
  );
  return rows[0] ? (rows[0].valid ? "valid" : "invalid") : "missing";
}

describe("a database drizzle's own migrator set up", () => {
  it("is picked up where it was left: nothing applied twice, every row as drizzle writes it", async () => {
    database = await createTestDatabase({ migrated: false });
    const older = keep(migrationsUpTo("0012_show_artist_index"));
    // What the previous version of the app did at every start.
    await migrate(drizzle(await connect(database.url)), { migrationsFolder: older });
    const before = await recorded(database);
    expect(before).toHaveLength(13);

    const applied = await runMigrations(database);
    const all = readMigrationFiles({ migrationsFolder: migrationsFolder() });
    expect(applied).toHaveLength(all.length - 13);
    const after = await recorded(database);
    expect(after.slice(0, 13)).toEqual(before);
    expect(after.map((row) => [row.hash, Number(row.created_at)])).toEqual(all.map((m) => [m.hash, m.folderMillis]));

    // And the other way round: drizzle's migrator, given every migration, finds nothing to do
    // (it would fail on the first CREATE INDEX CONCURRENTLY inside its transaction).
    await migrate(drizzle(await connect(database.url)), { migrationsFolder: migrationsFolder() });
    expect(await recorded(database)).toEqual(after);
    expect(await runMigrations(database)).toEqual([]);
  });
});

describe("a migration marked no-transaction", () => {
  it("builds its index concurrently, outside any transaction", async () => {
    database = await createTestDatabase({ migrated: false });
    const folder = keep(
      migrationsOf([
        { tag: "0000_table", sql: "CREATE TABLE t (id serial PRIMARY KEY, v integer);" },
        {
          tag: "0001_index",
          sql: '-- migrate: no-transaction\nCREATE INDEX CONCURRENTLY IF NOT EXISTS "t_v_idx" ON "t" ("v");',
        },
      ]),
    );
    expect(await runMigrations(database, { migrationsFolder: folder })).toEqual(["0000_table", "0001_index"]);
    expect(await indexState(database, "t_v_idx")).toBe("valid");
    expect(await recorded(database)).toHaveLength(2);
  });

  it("drops and builds again an index a failed concurrent build left invalid", async () => {
    database = await createTestDatabase({ migrated: false });
    const folder = keep(
      migrationsOf([
        {
          tag: "0000_table",
          sql: "CREATE TABLE u (v integer);--> statement-breakpoint\nINSERT INTO u VALUES (1), (1);",
        },
        {
          tag: "0001_unique",
          sql: '-- migrate: no-transaction\nCREATE UNIQUE INDEX CONCURRENTLY IF NOT EXISTS "u_v_key" ON "u" ("v");',
        },
      ]),
    );
    await expect(runMigrations(database, { migrationsFolder: folder })).rejects.toMatchObject({ code: "23505" });
    // The failed build is left behind, invalid, and the migration is not recorded.
    expect(await indexState(database, "u_v_key")).toBe("invalid");
    expect(await recorded(database)).toHaveLength(1);

    await database.pool.query("DELETE FROM u WHERE ctid = (SELECT max(ctid) FROM u)");
    expect(await runMigrations(database, { migrationsFolder: folder })).toEqual(["0001_unique"]);
    expect(await indexState(database, "u_v_key")).toBe("valid");
    expect(await recorded(database)).toHaveLength(2);
  });
});

describe("a migration that needs a busy table's lock", () => {
  it("gives up on it quickly so queries behind it go through, then tries again until it has it", async () => {
    database = await createTestDatabase({ migrated: false });
    const table = { tag: "0000_table", sql: "CREATE TABLE t (id serial PRIMARY KEY);" };
    await runMigrations(database, { migrationsFolder: keep(migrationsOf([table])) });
    const folder = keep(migrationsOf([table, { tag: "0001_column", sql: "ALTER TABLE t ADD COLUMN w integer;" }]));

    // A long report holds the table (ACCESS SHARE): the ALTER cannot have it until it ends.
    const report = await connect(database.url);
    await report.query("begin; select count(*) from t");
    const { logger, lines } = captureLogger("warn");
    const migrating = runMigrations(database, {
      migrationsFolder: folder,
      lockTimeoutMs: 100,
      retryDelayMs: 50,
      logger,
    });
    await new Promise((resolve) => setTimeout(resolve, 400));

    // A purchase-like write meanwhile is not stuck behind the waiting ALTER.
    const writer = await connect(database.url);
    await writer.query("set statement_timeout = 3000");
    const started = Date.now();
    await writer.query("insert into t default values");
    expect(Date.now() - started).toBeLessThan(1_500);

    await report.query("commit");
    expect(await migrating).toEqual(["0001_column"]);
    expect(lines.some((line) => String(line.msg).includes("waited too long for a lock"))).toBe(true);
    const { rows } = await database.pool.query("select w from t");
    expect(rows).toEqual([{ w: null }]);
  });
});

describe("instances migrating one database at once", () => {
  it("take turns, also while one of them builds an index concurrently", async () => {
    database = await createTestDatabase({ migrated: false });
    const folder = keep(
      migrationsOf([
        { tag: "0000_table", sql: "CREATE TABLE t (id serial PRIMARY KEY, v integer);" },
        {
          tag: "0001_index",
          sql: '-- migrate: no-transaction\nCREATE INDEX CONCURRENTLY IF NOT EXISTS "t_v_idx" ON "t" ("v");',
        },
      ]),
    );
    const db = database;
    const results = await Promise.all([1, 2, 3].map(() => runMigrations(db, { migrationsFolder: folder })));
    expect(results.flat().sort()).toEqual(["0000_table", "0001_index"]);
    expect(await recorded(db)).toHaveLength(2);
    expect(await indexState(db, "t_v_idx")).toBe("valid");
  });
});
