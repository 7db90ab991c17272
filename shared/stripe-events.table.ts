import { pgTable, text, timestamp } from "drizzle-orm/pg-core";

/** Stripe webhook events already handled: the primary key makes each event count once. */
export const stripeEvents = pgTable("stripe_events", {
  id: text("id").primaryKey(),
  type: text("type").notNull(),
  processedAt: timestamp("processed_at", { withTimezone: true }).defaultNow().notNull(),
});
