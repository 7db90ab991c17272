// Demonstration entity: the music store shows sample tracks only (docs/product.md,
// "Demonstration pages"); the table is kept so the data model already holds products when the
// store goes live.
import { sql } from "drizzle-orm";
import { numeric, pgTable, text, timestamp, varchar } from "drizzle-orm/pg-core";

export const products = pgTable("products", {
  id: varchar("id")
    .primaryKey()
    .default(sql`gen_random_uuid()`),
  title: text("title").notNull(),
  artist: text("artist").notNull(),
  price: numeric("price", { precision: 10, scale: 2 }).notNull(),
  coverUrl: text("cover_url"),
  audioUrl: text("audio_url"),
  genre: text("genre"),
  createdAt: timestamp("created_at", { withTimezone: true }).defaultNow().notNull(),
});

export type Product = typeof products.$inferSelect;
