import { pgTable, integer, text, timestamp } from "drizzle-orm/pg-core";

/**
 * Hit counters of the rate limits (sign-in and purchases), kept in PostgreSQL so that every
 * app instance behind a load balancer counts the same hits.
 */
export const rateLimits = pgTable("rate_limits", {
  key: text("key").primaryKey(),
  hits: integer("hits").notNull(),
  resetAt: timestamp("reset_at", { withTimezone: true }).notNull(),
});
