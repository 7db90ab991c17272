import { sql } from "drizzle-orm";
import { index, integer, pgTable, text, timestamp, varchar } from "drizzle-orm/pg-core";
import { users } from "./users.table";
import type { UploadPurpose } from "./object-uploads.values";

/**
 * Upload keys the server issued, and to whom: a label logo may only point at an object issued
 * to the same user and actually uploaded (uploadedAt set); docs/decisions/010-object-uploads.md.
 */
export const objectUploads = pgTable(
  "object_uploads",
  {
    id: varchar("id")
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    userId: varchar("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    objectPath: text("object_path").notNull().unique(),
    contentType: text("content_type"),
    /** What the upload is for ("logo" or "submission"): each has its own types, size and quota. */
    purpose: text("purpose").$type<UploadPurpose>().notNull().default("logo"),
    size: integer("size"),
    createdAt: timestamp("created_at", { withTimezone: true }).defaultNow().notNull(),
    uploadedAt: timestamp("uploaded_at", { withTimezone: true }),
  },
  (table) => [
    index("object_uploads_user_id_idx").on(table.userId),
    // The hourly clean-up looks for uploads older than a day.
    index("object_uploads_created_at_idx").on(table.createdAt),
  ],
);
