import { sql } from "drizzle-orm";
import { index, pgTable, text, timestamp, varchar } from "drizzle-orm/pg-core";
import { events } from "./events.table";

export const tourDates = pgTable(
  "tour_dates",
  {
    id: varchar("id")
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    artistName: text("artist_name").notNull(),
    // Kept as the text entered; the form's date and time inputs send "YYYY-MM-DD" and "HH:MM",
    // the venue's wall-clock time in `timeZone` (shared/zoned-time.ts turns them into an instant).
    date: text("date").notNull(),
    time: text("time").notNull(),
    location: text("location").notNull(),
    /** IANA zone of the venue. Null only on rows older than the column: the server fills them with DEFAULT_TIME_ZONE at start. */
    timeZone: text("time_zone"),
    /** The event whose tickets the show page sells; a deleted event leaves the show without tickets. */
    eventId: varchar("event_id").references(() => events.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).defaultNow().notNull(),
  },
  (table) => [
    index("tour_dates_date_idx").on(table.date),
    index("tour_dates_event_id_idx").on(table.eventId),
    // A show page lists the same artist's other upcoming shows.
    index("tour_dates_artist_name_date_idx").on(table.artistName, table.date),
  ],
);
