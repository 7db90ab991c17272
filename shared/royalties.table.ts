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
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from "drizzle-orm/pg-core";
import { users } from "./users.table";

/**
 * Royalties (docs/decisions/033-royalty-money-rules.md): the catalogue (releases and their
 * tracks), the payees and their splits and advances, the distributors' report lines, and the
 * periods whose closing locks each payee's statement. Money is `numeric` throughout: report
 * amounts keep their six decimals, statement figures are rounded to cents once.
 */
export const releases = pgTable(
  "releases",
  {
    id: varchar("id")
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    title: text("title").notNull(),
    artist: text("artist").notNull(),
    /** 12-digit UPC-A (or 13-digit EAN-13) with a valid check digit. */
    upc: text("upc").notNull(),
    releaseDate: date("release_date"),
    createdAt: timestamp("created_at", { withTimezone: true }).defaultNow().notNull(),
    updatedAt: timestamp("updated_at", { withTimezone: true })
      .defaultNow()
      .notNull()
      .$onUpdate(() => new Date()),
  },
  (table) => [uniqueIndex("releases_upc_idx").on(table.upc), index("releases_created_idx").on(table.createdAt)],
);

export const tracks = pgTable(
  "tracks",
  {
    id: varchar("id")
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    releaseId: varchar("release_id")
      .notNull()
      .references(() => releases.id, { onDelete: "restrict" }),
    title: text("title").notNull(),
    /** ISRC without hyphens, upper-case: CC-XXX-YY-NNNNN → CCXXXYYNNNNN. */
    isrc: text("isrc").notNull(),
    position: integer("position").notNull().default(0),
  },
  (table) => [uniqueIndex("tracks_isrc_idx").on(table.isrc), index("tracks_release_idx").on(table.releaseId)],
);

/** Who is paid: the artist, producers, featured artists. Their e-mail lets them read their own statements. */
export const payees = pgTable(
  "payees",
  {
    id: varchar("id")
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    name: text("name").notNull(),
    /** Lower-cased; a member signed in with this (verified) address reads this payee's statements. */
    email: text("email").notNull(),
    /**
     * The artist name the platform's own sales carry (an event's or an item's artist): income
     * the platform took for that artist is credited to this payee at `platformShare` percent.
     */
    artistName: text("artist_name"),
    platformShare: numeric("platform_share", { precision: 5, scale: 2 }).notNull().default("0"),
    createdAt: timestamp("created_at", { withTimezone: true }).defaultNow().notNull(),
  },
  (table) => [
    index("payees_email_idx").on(table.email),
    index("payees_artist_name_idx").on(sql`lower(${table.artistName})`),
    check("payees_platform_share_check", sql`${table.platformShare} >= 0 and ${table.platformShare} <= 100`),
  ],
);

/**
 * A payee's share of the net receipts of a release, or of one track (a track with any split of
 * its own uses only its own; the others follow the release). What the shares leave is the label's.
 */
export const royaltySplits = pgTable(
  "royalty_splits",
  {
    id: varchar("id")
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    payeeId: varchar("payee_id")
      .notNull()
      .references(() => payees.id, { onDelete: "restrict" }),
    releaseId: varchar("release_id").references(() => releases.id, { onDelete: "restrict" }),
    trackId: varchar("track_id").references(() => tracks.id, { onDelete: "restrict" }),
    share: numeric("share", { precision: 5, scale: 2 }).notNull(),
  },
  (table) => [
    uniqueIndex("royalty_splits_release_payee_idx")
      .on(table.releaseId, table.payeeId)
      .where(sql`${table.releaseId} is not null`),
    uniqueIndex("royalty_splits_track_payee_idx")
      .on(table.trackId, table.payeeId)
      .where(sql`${table.trackId} is not null`),
    index("royalty_splits_payee_idx").on(table.payeeId),
    check("royalty_splits_share_check", sql`${table.share} > 0 and ${table.share} <= 100`),
    check("royalty_splits_target_check", sql`(${table.releaseId} is null) <> (${table.trackId} is null)`),
  ],
);

/** Money advanced to a payee, recouped from their earnings; counted by the first statement closed on or after its date. */
export const royaltyAdvances = pgTable(
  "royalty_advances",
  {
    id: varchar("id")
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    payeeId: varchar("payee_id")
      .notNull()
      .references(() => payees.id, { onDelete: "restrict" }),
    amount: numeric("amount", { precision: 14, scale: 2 }).notNull(),
    date: date("date").notNull(),
    note: text("note"),
    /** The statement that counted it (set when its period closes). */
    statementId: varchar("statement_id"),
    createdAt: timestamp("created_at", { withTimezone: true }).defaultNow().notNull(),
  },
  (table) => [
    index("royalty_advances_open_idx")
      .on(table.payeeId, table.date)
      .where(sql`${table.statementId} is null`),
    check("royalty_advances_amount_check", sql`${table.amount} > 0`),
  ],
);

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
 * A statement's earnings by release and track (its rows add up to the statement's earned), by
 * store and country, and its ten best tracks. Amounts are decimal strings in cents.
 */
export interface StatementBreakdowns {
  byTrack: { release: string; track: string; amount: string }[];
  byStore: { store: string; country: string; amount: string }[];
  topTracks: { track: string; amount: string }[];
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
