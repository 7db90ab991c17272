import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { migrationsFolder } from "./database";
import { NO_TRANSACTION_MARKER } from "./migrator";

// The rules of docs/operations.md, "Migrations on busy tables", for every migration written
// since they hold (the ones before were applied long ago and are never edited).
const FIRST_CHECKED = "0013_instant_indexes_drop";
/** Tables every sale, sign-in or e-mail writes: a lock on them for the length of a scan stops the shop. */
const BUSY_TABLES = [
  "ticket_purchases",
  "events",
  "vendor_bookings",
  "merchandise_orders",
  "sessions",
  "outbox_messages",
  "issued_tickets",
  "merchandise_variants",
  "merchandise_order_lines",
];

const onBusyTable = (statement: string) =>
  BUSY_TABLES.find((table) =>
    new RegExp(
      `\\bON\\s+(?:ONLY\\s+)?"?${table}"?[\\s(]|\\bTABLE\\s+(?:ONLY\\s+)?(?:IF\\s+EXISTS\\s+)?"?${table}"?\\s`,
      "i",
    ).test(statement),
  );

/** What a migration's SQL does that would lock a busy table for longer than a moment. */
function busyTableProblems(sql: string): string[] {
  const problems: string[] = [];
  const noTransaction = sql.trimStart().startsWith(NO_TRANSACTION_MARKER);
  const statements = sql
    .split("--> statement-breakpoint")
    .map((statement) => statement.replace(/--[^\n]*/g, "").trim())
    .filter(Boolean);
  const addedNotValid = new Set<string>();
  // A table created in the same migration is empty and unseen by anyone until it commits.
  const created = new Set<string>();
  for (const statement of statements) {
    const newTable = /^CREATE\s+TABLE\s+(?:IF\s+NOT\s+EXISTS\s+)?"?([\w$]+)"?/i.exec(statement)?.[1];
    if (newTable) created.add(newTable);
    const table = onBusyTable(statement);
    if (/\bCONCURRENTLY\b/i.test(statement) && !noTransaction) {
      problems.push(`CONCURRENTLY outside a migration marked "${NO_TRANSACTION_MARKER}": ${statement}`);
    }
    if (!table || (created.has(table) && !noTransaction)) continue;
    if (/^CREATE\s+(UNIQUE\s+)?INDEX\b/i.test(statement) && !/\bCONCURRENTLY\b/i.test(statement)) {
      problems.push(`an index on ${table} built without CONCURRENTLY: ${statement}`);
    }
    const constraint = /\bADD\s+CONSTRAINT\s+("?[\w$]+"?)\s+(CHECK|FOREIGN\s+KEY|UNIQUE|PRIMARY\s+KEY)/i.exec(
      statement,
    );
    if (constraint) {
      const kind = constraint[2].toUpperCase();
      if ((kind === "CHECK" || kind.startsWith("FOREIGN")) && !/\bNOT\s+VALID\b/i.test(statement)) {
        problems.push(`a constraint on ${table} checked while it holds the lock (add it NOT VALID): ${statement}`);
      }
      if ((kind === "UNIQUE" || kind.startsWith("PRIMARY")) && !/\bUSING\s+INDEX\b/i.test(statement)) {
        problems.push(`a ${kind} constraint on ${table} that builds its index under the lock: ${statement}`);
      }
      if (/\bNOT\s+VALID\b/i.test(statement)) addedNotValid.add(constraint[1].replace(/"/g, ""));
    }
    const validated = /\bVALIDATE\s+CONSTRAINT\s+("?[\w$]+"?)/i.exec(statement)?.[1].replace(/"/g, "");
    if (validated && addedNotValid.has(validated) && !noTransaction) {
      problems.push(`${validated} is validated in the transaction that added it, under its lock: ${statement}`);
    }
  }
  return problems;
}

function migrationsSince(tag: string): { tag: string; sql: string }[] {
  const journal = JSON.parse(fs.readFileSync(path.join(migrationsFolder(), "meta/_journal.json"), "utf8")) as {
    entries: { tag: string }[];
  };
  const from = journal.entries.findIndex((entry) => entry.tag === tag);
  return journal.entries.slice(from).map((entry) => ({
    tag: entry.tag,
    sql: fs.readFileSync(path.join(migrationsFolder(), `${entry.tag}.sql`), "utf8"),
  }));
}

describe("migrations on busy tables", () => {
  it("build indexes concurrently and add constraints NOT VALID, validated apart", () => {
    const found = migrationsSince(FIRST_CHECKED).flatMap(({ tag, sql }) =>
      busyTableProblems(sql).map((p) => `${tag}: ${p}`),
    );
    expect(found).toEqual([]);
  });

  it("are told apart from the ones that would lock the table (the check itself)", () => {
    const bad = [
      'CREATE INDEX "x" ON "ticket_purchases" USING btree ("user_id");',
      'ALTER TABLE "events" ADD CONSTRAINT "c" CHECK ("total_tickets" >= 0);',
      'ALTER TABLE "vendor_bookings" ADD CONSTRAINT "f" FOREIGN KEY ("tour_date_id") REFERENCES "tour_dates"("id");',
      'ALTER TABLE "sessions" ADD CONSTRAINT "u" UNIQUE ("sid");',
      'CREATE INDEX CONCURRENTLY "y" ON "outbox_messages" ("status");',
      'ALTER TABLE "merchandise_orders" ADD CONSTRAINT "c" CHECK (quantity > 0) NOT VALID;--> statement-breakpoint\nALTER TABLE "merchandise_orders" VALIDATE CONSTRAINT "c";',
    ];
    for (const sql of bad) expect(busyTableProblems(sql), sql).not.toEqual([]);
    const good = [
      `${NO_TRANSACTION_MARKER}\nCREATE INDEX CONCURRENTLY IF NOT EXISTS "x" ON "ticket_purchases" USING btree ("user_id");`,
      'ALTER TABLE "events" ADD CONSTRAINT "c" CHECK ("total_tickets" >= 0) NOT VALID;',
      `${NO_TRANSACTION_MARKER}\nALTER TABLE "events" VALIDATE CONSTRAINT "c";`,
      'ALTER TABLE "sessions" ADD CONSTRAINT "u" UNIQUE USING INDEX "sessions_sid_idx";',
      'CREATE INDEX "z" ON "invoices" ("user_id");',
      'CREATE TABLE "issued_tickets" ("order_id" varchar);--> statement-breakpoint\nCREATE INDEX "i" ON "issued_tickets" ("order_id");',
    ];
    for (const sql of good) expect(busyTableProblems(sql), sql).toEqual([]);
  });
});
