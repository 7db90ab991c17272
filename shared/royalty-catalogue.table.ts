import { sql } from "drizzle-orm";
import {
  check,
  date,
  index,
  integer,
  numeric,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from "drizzle-orm/pg-core";

/**
 * The royalty catalogue (docs/decisions/033-royalty-money-rules.md): releases and their tracks,
 * the payees and their splits and advances. Money is `numeric` throughout.
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
