import { sql } from "drizzle-orm";
import { index, integer, pgTable, text, timestamp, varchar } from "drizzle-orm/pg-core";
import { users } from "./users";

/**
 * Upload keys the server issued, and to whom (issue 7): a label logo may only point at an
 * object issued to the same user and actually uploaded (uploadedAt set).
 */
export const objectUploads = pgTable(
  "object_uploads",
  {
    id: varchar("id").primaryKey().default(sql`gen_random_uuid()`),
    userId: varchar("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    objectPath: text("object_path").notNull().unique(),
    contentType: text("content_type"),
    size: integer("size"),
    createdAt: timestamp("created_at").defaultNow().notNull(),
    uploadedAt: timestamp("uploaded_at", { withTimezone: true }),
  },
  (table) => [index("object_uploads_user_id_idx").on(table.userId)],
);

export type ObjectUpload = typeof objectUploads.$inferSelect;
