import { sql } from "drizzle-orm";
import { pgTable, text, timestamp, varchar } from "drizzle-orm/pg-core";
import { createInsertSchema } from "drizzle-zod";
import type { z } from "zod";
import { requiredText } from "./validation";

export const tourDates = pgTable("tour_dates", {
  id: varchar("id")
    .primaryKey()
    .default(sql`gen_random_uuid()`),
  artistName: text("artist_name").notNull(),
  // Kept as the text entered; the form's date and time inputs send "YYYY-MM-DD" and "HH:MM".
  date: text("date").notNull(),
  time: text("time").notNull(),
  location: text("location").notNull(),
  createdAt: timestamp("created_at").defaultNow().notNull(),
});

/** POST and PUT /api/tour-dates body: all four fields are required text ("Required" when empty). */
export const insertTourDateSchema = createInsertSchema(tourDates, {
  artistName: requiredText(200),
  date: requiredText(200),
  time: requiredText(200),
  location: requiredText(200),
}).omit({ id: true, createdAt: true });

export type TourDate = typeof tourDates.$inferSelect;
export type InsertTourDate = z.infer<typeof insertTourDateSchema>;

/** A tour date as GET /api/tour-dates sends it (JSON has no Date: createdAt is an ISO string). */
export type TourDateResponse = Omit<TourDate, "createdAt"> & { createdAt: string };
