// Music submissions: a member's track sent to the A&R team, answered by a set date
// (docs/product.md, "Music Submissions"; docs/decisions/053-music-submissions.md).
import { sql } from "drizzle-orm";
import { index, integer, pgTable, text, timestamp, uniqueIndex, varchar } from "drizzle-orm/pg-core";
import { users } from "./users.table";
import type { SubmissionStatus } from "./submissions.values";

export { SUBMISSION_STATUSES, type SubmissionStatus } from "./submissions.values";

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
    status: text("status").$type<SubmissionStatus>().notNull().default("pending"),
    submittedAt: timestamp("submitted_at", { withTimezone: true }).defaultNow().notNull(),
    /** SHA-256 of the audio file's bytes: one track is submitted once. */
    fileHash: text("file_hash"),
    /** The audio's content type as stored, and its size in bytes. */
    fileType: text("file_type"),
    fileSize: integer("file_size"),
    /** The date the label promised an answer by (SUBMISSIONS_REPLY_DAYS after submitting). */
    replyBy: timestamp("reply_by", { withTimezone: true }),
    /** The A&R team's words to the artist, required with accepted and rejected. */
    feedback: text("feedback"),
    decidedAt: timestamp("decided_at", { withTimezone: true }),
  },
  (table) => [
    index("submissions_user_id_idx").on(table.userId),
    // Counting a member's submissions of the last 7 days reads this index only.
    index("submissions_user_submitted_idx").on(table.userId, table.submittedAt),
    uniqueIndex("submissions_file_hash_idx").on(table.fileHash),
    // The A&R inbox reads oldest first.
    index("submissions_submitted_at_idx").on(table.submittedAt),
  ],
);

/** Saved replies: the A&R team's common answers, picked when deciding. */
export const submissionReplies = pgTable("submission_replies", {
  id: varchar("id")
    .primaryKey()
    .default(sql`gen_random_uuid()`),
  title: text("title").notNull(),
  body: text("body").notNull(),
  createdAt: timestamp("created_at", { withTimezone: true }).defaultNow().notNull(),
});

export type Submission = typeof submissions.$inferSelect;
