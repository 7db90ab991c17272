import { sql } from "drizzle-orm";
import { integer, pgTable, text, timestamp, varchar } from "drizzle-orm/pg-core";

export const liveStreams = pgTable("live_streams", {
  id: varchar("id")
    .primaryKey()
    .default(sql`gen_random_uuid()`),
  title: text("title").notNull(),
  description: text("description"),
  streamUrl: text("stream_url"),
  embedUrl: text("embed_url"),
  thumbnailUrl: text("thumbnail_url"),
  status: text("status").notNull().default("scheduled"),
  scheduledFor: timestamp("scheduled_for", { withTimezone: true }),
  startedAt: timestamp("started_at", { withTimezone: true }),
  endedAt: timestamp("ended_at", { withTimezone: true }),
  viewerCount: integer("viewer_count").notNull().default(0),
  // The landing page only shows a platform badge when its key is present (docs/product.md,
  // "Landing page").
  facebookStreamKey: text("facebook_stream_key"),
  instagramStreamKey: text("instagram_stream_key"),
  tiktokUsername: text("tiktok_username"),
  rumbleApiKey: text("rumble_api_key"),
  createdAt: timestamp("created_at", { withTimezone: true }).defaultNow().notNull(),
});
