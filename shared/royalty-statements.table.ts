import { sql } from "drizzle-orm";
import {
  bigint,
  check,
  date,
  index,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from "drizzle-orm/pg-core";
import { users } from "./users.table";
import { payees } from "./royalty-catalogue.table";

/**
 * Statement periods and what their closing locks (docs/decisions/033-royalty-money-rules.md):
 * each payee's statement, rounded to cents once, its lines at full precision, and its payout.
 */
/** A statement period. Closing it computes and locks every payee's statement. */
export const royaltyPeriods = pgTable(
  "royalty_periods",
  {
    id: varchar("id")
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    start: date("start").notNull(),
    end: date("end").notNull(),
    /** open or closed. */
    status: text("status").notNull().default("open"),
    closedAt: timestamp("closed_at", { withTimezone: true }),
    closedBy: varchar("closed_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).defaultNow().notNull(),
  },
  (table) => [
    index("royalty_periods_start_idx").on(table.start),
    check("royalty_periods_range_check", sql`${table.end} >= ${table.start}`),
  ],
);

/** A payee's locked statement for a closed period (decimal figures, 2 places). */
export const royaltyStatements = pgTable(
  "royalty_statements",
  {
    id: varchar("id")
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    periodId: varchar("period_id")
      .notNull()
      .references(() => royaltyPeriods.id, { onDelete: "restrict" }),
    payeeId: varchar("payee_id")
      .notNull()
      .references(() => payees.id, { onDelete: "restrict" }),
    opening: numeric("opening", { precision: 14, scale: 2 }).notNull(),
    earned: numeric("earned", { precision: 14, scale: 2 }).notNull(),
    advances: numeric("advances", { precision: 14, scale: 2 }).notNull(),
    closing: numeric("closing", { precision: 14, scale: 2 }).notNull(),
    payable: numeric("payable", { precision: 14, scale: 2 }).notNull(),
    /** Its files' breakdowns, computed once at the closing (a statement never changes). */
    breakdowns: jsonb("breakdowns").$type<StatementBreakdowns>(),
    createdAt: timestamp("created_at", { withTimezone: true }).defaultNow().notNull(),
  },
  (table) => [
    uniqueIndex("royalty_statements_period_payee_idx").on(table.periodId, table.payeeId),
    index("royalty_statements_payee_idx").on(table.payeeId, table.createdAt),
  ],
);

/**
 * A statement's earnings by release and track and by source (each adds up to the statement's
 * earned), by store and country, and its ten best tracks. Amounts are decimal strings in cents.
 */
export interface StatementBreakdowns {
  byTrack: { release: string; track: string; amount: string }[];
  byStore: { store: string; country: string; amount: string }[];
  topTracks: { track: string; amount: string }[];
  /** "distributor" as "Distributors", "store" as "Label store"… (ROYALTY_SOURCES). */
  bySource: { source: string; label: string; amount: string }[];
}

/** What one line earned one payee on one statement, at full precision (converted × share / 100). */
export const royaltyStatementLines = pgTable(
  "royalty_statement_lines",
  {
    statementId: varchar("statement_id").notNull(),
    lineId: bigint("line_id", { mode: "number" }).notNull(),
    share: numeric("share", { precision: 5, scale: 2 }).notNull(),
    amount: numeric("amount").notNull(),
  },
  (table) => [primaryKey({ columns: [table.statementId, table.lineId] })],
);

/** A statement marked paid; the payee's next opening balance deducts it. */
export const royaltyPayouts = pgTable(
  "royalty_payouts",
  {
    id: varchar("id")
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    statementId: varchar("statement_id")
      .notNull()
      .references(() => royaltyStatements.id, { onDelete: "restrict" }),
    payeeId: varchar("payee_id")
      .notNull()
      .references(() => payees.id, { onDelete: "restrict" }),
    amount: numeric("amount", { precision: 14, scale: 2 }).notNull(),
    paidOn: date("paid_on").notNull(),
    reference: text("reference"),
    /** The statement whose opening balance deducted it (set when the payee's next period closes). */
    appliedStatementId: varchar("applied_statement_id"),
    createdBy: varchar("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).defaultNow().notNull(),
  },
  (table) => [
    uniqueIndex("royalty_payouts_statement_idx").on(table.statementId),
    index("royalty_payouts_unapplied_idx")
      .on(table.payeeId)
      .where(sql`${table.appliedStatementId} is null`),
  ],
);
