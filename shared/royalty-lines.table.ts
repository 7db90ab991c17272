import { sql } from "drizzle-orm";
import {
  bigint,
  check,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from "drizzle-orm/pg-core";
import { users } from "./users.table";
import { releases, tracks } from "./royalty-catalogue.table";

/**
 * Distributors' reports and their lines (docs/decisions/034-streamed-royalty-imports.md): each
 * import, the codes assigned from the unmatched queue, and every line of income, report amounts
 * kept with their six decimals.
 */
/** One uploaded distributor report; `contentHash` (sha-256 of the bytes) refuses the same file twice. */
export const royaltyImports = pgTable(
  "royalty_imports",
  {
    id: varchar("id")
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    /** distrokid, cdbaby, tunecore (null until the header row is read). */
    format: text("format"),
    fileName: text("file_name").notNull(),
    /** Set when the whole file is read and its lines are in; null while it is processing. */
    contentHash: text("content_hash"),
    /** processing, done or failed. */
    status: text("status").notNull().default("processing"),
    error: text("error"),
    bytesTotal: bigint("bytes_total", { mode: "number" }),
    bytesRead: bigint("bytes_read", { mode: "number" }).notNull().default(0),
    lines: integer("lines").notNull().default(0),
    matched: integer("matched").notNull().default(0),
    unmatched: integer("unmatched").notNull().default(0),
    /** Sum of the lines' converted amounts, in the label's currency, at full precision. */
    total: numeric("total").notNull().default("0"),
    /** The rates given with the file: { "EUR": "1.10" } = label-currency units per unit. */
    rates: jsonb("rates").$type<Record<string, string>>().notNull().default({}),
    createdBy: varchar("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).defaultNow().notNull(),
    finishedAt: timestamp("finished_at", { withTimezone: true }),
  },
  (table) => [
    uniqueIndex("royalty_imports_hash_idx").on(table.contentHash),
    index("royalty_imports_created_idx").on(table.createdAt),
  ],
);

/**
 * A code a distributor reports that the catalogue did not know, assigned by an admin: an ISRC to
 * a track, or a UPC to a release. Every waiting line and every later import with it matches.
 */
export const royaltyCodeAssignments = pgTable(
  "royalty_code_assignments",
  {
    /** The normalised ISRC or UPC (an ISRC starts with two letters, a UPC is digits only). */
    code: text("code").primaryKey(),
    trackId: varchar("track_id").references(() => tracks.id, { onDelete: "restrict" }),
    releaseId: varchar("release_id").references(() => releases.id, { onDelete: "restrict" }),
    createdBy: varchar("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).defaultNow().notNull(),
  },
  (table) => [
    check("royalty_code_assignments_target_check", sql`(${table.trackId} is null) <> (${table.releaseId} is null)`),
  ],
);

/**
 * A line of income: a distributor report's line as reported (amount in its own currency, up to
 * six decimals), or income the platform took itself (tickets, merchandise, vendor slots) for one
 * payee. Written in bulk by COPY, so it carries no foreign keys (each would be a lookup per row)
 * and only the one index the unmatched queue needs (a closing reads the waiting lines in one scan,
 * rarely): imports, releases and tracks are never deleted, and periods are set by their closing.
 */
export const royaltyLines = pgTable(
  "royalty_lines",
  {
    // Each connection takes ids a thousand at a time: an import of a million lines then locks the
    // sequence (and logs it) once per thousand rows rather than once per row
    // (docs/decisions/034-streamed-royalty-imports.md). Ids still grow, with gaps.
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity({ cache: 1000 }),
    importId: varchar("import_id"),
    /** distributor, tickets, merchandise or vendor-slots. */
    source: text("source").notNull().default("distributor"),
    /** The report's reporting (posting) date: it decides the line's period. */
    reportedOn: date("reported_on").notNull(),
    saleMonth: text("sale_month"),
    store: text("store"),
    country: text("country"),
    quantity: integer("quantity"),
    isrc: text("isrc"),
    upc: text("upc"),
    title: text("title"),
    artist: text("artist"),
    currency: text("currency").notNull(),
    amount: numeric("amount", { precision: 20, scale: 6 }).notNull(),
    /** Label-currency units per unit of `currency` (1 for the label's own). */
    rate: numeric("rate", { precision: 20, scale: 10 }).notNull(),
    /** amount × rate, exact (numeric with no scale limit); written by the import beside the two. */
    converted: numeric("converted").notNull(),
    /** TuneCore's newer layout: the currency the sale was in, and its rate to `currency` (kept, not used). */
    netSalesCurrency: text("net_sales_currency"),
    exchangeRate: numeric("exchange_rate", { precision: 20, scale: 10 }),
    trackId: varchar("track_id"),
    releaseId: varchar("release_id"),
    /** Platform income only: the payee it is credited to. */
    payeeId: varchar("payee_id"),
    /** Platform income only: one line per source, artist and period ("tickets:<period>:<payee>"). */
    sourceKey: text("source_key"),
    /** The period whose closing counted it; null while it waits. */
    periodId: varchar("period_id"),
  },
  (table) => [
    // The unmatched queue and the assignment of an ISRC read only lines no one could match.
    index("royalty_lines_unmatched_idx")
      .on(table.isrc, table.reportedOn)
      .where(sql`${table.trackId} is null and ${table.releaseId} is null and ${table.payeeId} is null`),
    uniqueIndex("royalty_lines_source_key_idx")
      .on(table.sourceKey)
      .where(sql`${table.sourceKey} is not null`),
  ],
);
