// Demonstration entity: the submissions page shows sample data and sends nothing yet
// (docs/product.md, "Demonstration pages"); the table is kept so the data model already holds
// submissions when it goes live.
import { sql } from "drizzle-orm";
import { index, integer, pgTable, text, timestamp, varchar } from "drizzle-orm/pg-core";
import { users } from "./users.table";

export const SUBMISSION_STATUSES = ["pending", "under-review", "accepted", "rejected"] as const;
export type SubmissionStatus = (typeof SUBMISSION_STATUSES)[number];

export const submissions = pgTable(
  "submissions",
  {
    id: varchar("id")
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    userId: varchar("user_id").references(() => users.id, { onDelete: "cascade" }),
    artistName: text("artist_name").notNull(),
    trackTitle: text("track_title").notNull(),
    genre: text("genre"),
    bpm: integer("bpm"),
    description: text("description"),
    fileUrl: text("file_url"),
    status: text("status").notNull().default("pending"),
    submittedAt: timestamp("submitted_at", { withTimezone: true }).defaultNow().notNull(),
  },
  (table) => [index("submissions_user_id_idx").on(table.userId)],
);

export type Submission = typeof submissions.$inferSelect;
