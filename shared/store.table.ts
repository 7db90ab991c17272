import { sql } from "drizzle-orm";
import { boolean, check, index, integer, numeric, pgTable, text, timestamp, varchar } from "drizzle-orm/pg-core";
import { merchandiseOrders } from "./merchandise-orders.table";
import { releases, tracks } from "./royalty-catalogue.table";
import type { StoreFormat, StorePurchaseStatus, TrackAudioStatus } from "./store.values";

/**
 * A catalogue release on sale in the music store (docs/decisions/051-the-music-store.md): one row
 * per release, its price rules and formats. A release without a row is not for sale.
 */
export const storeListings = pgTable(
  "store_listings",
  {
    releaseId: varchar("release_id")
      .primaryKey()
      .references(() => releases.id, { onDelete: "restrict" }),
    published: boolean("published").notNull().default(false),
    price: numeric("price", { precision: 10, scale: 2 }).notNull(),
    payWhatYouWant: boolean("pay_what_you_want").notNull().default(false),
    minimumPrice: numeric("minimum_price", { precision: 10, scale: 2 }),
    suggestedPrice: numeric("suggested_price", { precision: 10, scale: 2 }),
    formats: text("formats").array().$type<StoreFormat[]>().notNull(),
    trackPrice: numeric("track_price", { precision: 10, scale: 2 }),
    genre: text("genre"),
    /**
     * The cover's object path (`/objects/uploads/<id>`): an image upload the server issued, claimed
     * when the sale is saved. Null: no cover (the store draws a placeholder).
     */
    coverUrl: text("cover_url"),
    updatedAt: timestamp("updated_at", { withTimezone: true })
      .defaultNow()
      .notNull()
      .$onUpdate(() => new Date()),
  },
  (table) => [
    index("store_listings_published_idx")
      .on(table.updatedAt)
      .where(sql`${table.published}`),
    check(
      "store_listings_amounts_check",
      sql`${table.price} >= 0 and coalesce(${table.minimumPrice}, 0) >= 0 and coalesce(${table.suggestedPrice}, 0) >= 0 and coalesce(${table.trackPrice}, 0) >= 0`,
    ),
  ],
);

/**
 * A track's audio: its master (an object-storage key the server chose) and what the background
 * job made of it. Keys are never served as such; full-length files leave only through a download.
 */
export const storeTrackAudio = pgTable(
  "store_track_audio",
  {
    trackId: varchar("track_id")
      .primaryKey()
      .references(() => tracks.id, { onDelete: "restrict" }),
    /** The upload id of the master (its key is uploads/<id>). */
    masterId: varchar("master_id").notNull(),
    masterContentType: text("master_content_type").notNull(),
    status: text("status").$type<TrackAudioStatus>().notNull(),
    error: text("error"),
    mp3Id: varchar("mp3_id"),
    flacId: varchar("flac_id"),
    previewId: varchar("preview_id"),
    durationSeconds: integer("duration_seconds"),
    updatedAt: timestamp("updated_at", { withTimezone: true })
      .defaultNow()
      .notNull()
      .$onUpdate(() => new Date()),
  },
  (table) => [
    // The job picks pending rows oldest first.
    index("store_track_audio_pending_idx")
      .on(table.updatedAt)
      .where(sql`${table.status} = 'pending'`),
  ],
);

/**
 * A download right: a free download or a purchase of a release, or of one of its tracks, reached
 * by its token. Never deleted by cascade (a paid one is money).
 */
export const storePurchases = pgTable(
  "store_purchases",
  {
    id: varchar("id")
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    /** Unguessable, the whole permission of /downloads/{token}. */
    token: text("token").notNull().unique(),
    releaseId: varchar("release_id")
      .notNull()
      .references(() => releases.id, { onDelete: "restrict" }),
    /** A single track's purchase: the track it bought (one of the release's); null for the whole release. */
    trackId: varchar("track_id").references(() => tracks.id, { onDelete: "restrict" }),
    /** Lower-cased. */
    email: text("email").notNull(),
    amount: numeric("amount", { precision: 10, scale: 2 }).notNull(),
    status: text("status").$type<StorePurchaseStatus>().notNull(),
    paymentIntentId: text("payment_intent_id"),
    /**
     * Stripe's card fee on a paid sale, from its balance transaction; null while Stripe has none
     * yet, and then the sale's royalty line is not written yet either (store-fees.ts writes it).
     */
    fee: numeric("fee", { precision: 10, scale: 2 }),
    /** What Stripe has refunded of it so far (charge.refunded's amount_refunded, as recorded). */
    refundedAmount: numeric("refunded_amount", { precision: 10, scale: 2 }).notNull().default("0"),
    /**
     * Bought in the shop's cart: the order whose card payment pays for it (and its
     * payment_intent_id is the order's). Null for a purchase made on the release's page.
     */
    merchandiseOrderId: varchar("merchandise_order_id").references(() => merchandiseOrders.id, {
      onDelete: "restrict",
    }),
    /** The label's digital tax on it (bought in a cart, at the buyer's country's rate); not the artist's. */
    tax: numeric("tax", { precision: 10, scale: 2 }).notNull().default("0"),
    createdAt: timestamp("created_at", { withTimezone: true }).defaultNow().notNull(),
  },
  (table) => [
    index("store_purchases_email_idx").on(table.email),
    // A cart order's settlement, release and refund read its downloads.
    index("store_purchases_order_idx")
      .on(table.merchandiseOrderId)
      .where(sql`${table.merchandiseOrderId} is not null`),
    // A track's deletion checks that no purchase holds it.
    index("store_purchases_track_idx")
      .on(table.trackId)
      .where(sql`${table.trackId} is not null`),
    index("store_purchases_payment_intent_idx").on(table.paymentIntentId),
    // The fee job reads the paid sales whose fee (and so whose line) is still due.
    index("store_purchases_fee_due_idx")
      .on(table.createdAt)
      .where(sql`${table.fee} is null and ${table.status} in ('paid', 'refunded')`),
    check("store_purchases_amount_check", sql`${table.amount} >= 0`),
    check(
      "store_purchases_refunds_check",
      sql`${table.refundedAmount} >= 0 and ${table.refundedAmount} <= ${table.amount} and coalesce(${table.fee}, 0) >= 0`,
    ),
  ],
);

/**
 * A download code: printed on a card or sent to press, redeemed once for a release's download
 * link. Codes are 10 characters of an alphabet without look-alikes (no 0/O, 1/I/L).
 */
export const storeCodes = pgTable(
  "store_codes",
  {
    id: varchar("id")
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    code: text("code").notNull().unique(),
    releaseId: varchar("release_id")
      .notNull()
      .references(() => releases.id, { onDelete: "restrict" }),
    batch: text("batch").notNull(),
    /** Lower-cased; set once, when redeemed. */
    redeemedEmail: text("redeemed_email"),
    redeemedAt: timestamp("redeemed_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).defaultNow().notNull(),
  },
  (table) => [index("store_codes_release_idx").on(table.releaseId, table.createdAt)],
);

/** The label's tax rate on downloads for buyers in a country, in percent; a country without a row pays none. */
export const digitalTaxRates = pgTable(
  "digital_tax_rates",
  {
    country: varchar("country", { length: 2 }).primaryKey(),
    rate: numeric("rate", { precision: 6, scale: 3 }).notNull(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).defaultNow().notNull(),
  },
  (table) => [check("digital_tax_rates_rate_check", sql`${table.rate} >= 0 and ${table.rate} <= 100`)],
);
