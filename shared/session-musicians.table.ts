// Demonstration entity: the session-musicians page shows sample cards only (docs/product.md,
// "Demonstration pages"); the table is kept so the data model already holds musicians when
// hiring opens.
import { sql } from "drizzle-orm";
import { index, numeric, pgTable, text, timestamp, varchar } from "drizzle-orm/pg-core";
import { users } from "./users.table";

export const sessionMusicians = pgTable(
  "session_musicians",
  {
    id: varchar("id")
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    userId: varchar("user_id").references(() => users.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    specialty: text("specialty"),
    instruments: text("instruments").array(),
    /** Hourly rate in dollars. */
    rate: numeric("rate", { precision: 10, scale: 2 }),
    rating: numeric("rating", { precision: 3, scale: 2 }).default("5.00"),
    bio: text("bio"),
    createdAt: timestamp("created_at", { withTimezone: true }).defaultNow().notNull(),
  },
  (table) => [index("session_musicians_user_id_idx").on(table.userId)],
);

export type SessionMusician = typeof sessionMusicians.$inferSelect;
