import { sql } from "drizzle-orm";
import { index, integer, numeric, pgTable, text, timestamp, varchar } from "drizzle-orm/pg-core";
import { z } from "zod";
import { events } from "./events";
import { users } from "./users";
import { id } from "./validation";

export const TICKET_STATUSES = ["confirmed", "cancelled", "used"] as const;
export type TicketStatus = (typeof TICKET_STATUSES)[number];

export const MAX_TICKETS_PER_PURCHASE = 100_000;

export const ticketPurchases = pgTable(
  "ticket_purchases",
  {
    id: varchar("id").primaryKey().default(sql`gen_random_uuid()`),
    eventId: varchar("event_id")
      .notNull()
      .references(() => events.id, { onDelete: "cascade" }),
    userId: varchar("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    quantity: integer("quantity").notNull(),
    totalAmount: numeric("total_amount", { precision: 10, scale: 2 }).notNull(),
    status: text("status").notNull().default("confirmed"),
    purchaseDate: timestamp("purchase_date").defaultNow(),
    confirmationCode: text("confirmation_code").notNull().unique(),
  },
  (table) => [
    index("ticket_purchases_user_id_idx").on(table.userId),
    index("ticket_purchases_event_id_idx").on(table.eventId),
  ],
);

/**
 * POST /api/tickets. Only the event and quantity come from the client: the price, total,
 * user and confirmation code are decided by the server.
 */
export const purchaseTicketsSchema = z.object({
  eventId: id,
  quantity: z.int().min(1).max(MAX_TICKETS_PER_PURCHASE),
});

export type TicketPurchase = typeof ticketPurchases.$inferSelect;
export type PurchaseTickets = z.infer<typeof purchaseTicketsSchema>;
