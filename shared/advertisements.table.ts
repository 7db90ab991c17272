// Demonstration entity: the advertising page sends nothing yet (docs/product.md,
// "Demonstration pages"); the table is kept so the data model already holds advertisements
// when it goes live.
import { sql } from "drizzle-orm";
import { index, integer, numeric, pgTable, text, timestamp, varchar } from "drizzle-orm/pg-core";
import { users } from "./users.table";

export const ADVERTISEMENT_STATUSES = ["pending", "active", "completed", "rejected"] as const;
export type AdvertisementStatus = (typeof ADVERTISEMENT_STATUSES)[number];

export const advertisements = pgTable(
  "advertisements",
  {
    id: varchar("id")
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    userId: varchar("user_id").references(() => users.id, { onDelete: "cascade" }),
    title: text("title").notNull(),
    videoUrl: text("video_url"),
    /** Campaign length in days. */
    duration: integer("duration"),
    packageType: text("package_type"),
    amount: numeric("amount", { precision: 10, scale: 2 }),
    status: text("status").notNull().default("pending"),
    startDate: timestamp("start_date", { withTimezone: true }),
    endDate: timestamp("end_date", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).defaultNow().notNull(),
  },
  (table) => [index("advertisements_user_id_idx").on(table.userId)],
);

export type Advertisement = typeof advertisements.$inferSelect;
