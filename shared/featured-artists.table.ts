import { sql } from "drizzle-orm";
import { index, integer, pgTable, text, timestamp, varchar } from "drizzle-orm/pg-core";

export const featuredArtists = pgTable(
  "featured_artists",
  {
    id: varchar("id")
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    artistName: text("artist_name").notNull(),
    bio: text("bio"),
    imageUrl: text("image_url").notNull(),
    videoUrl: text("video_url"),
    songUrl: text("song_url"),
    /** Display text such as "November 2026". */
    month: text("month").notNull(),
    isActive: integer("is_active").notNull().default(0),
    createdAt: timestamp("created_at", { withTimezone: true }).defaultNow().notNull(),
  },
  (table) => [index("featured_artists_is_active_idx").on(table.isActive)],
);
