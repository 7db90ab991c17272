import { sql } from "drizzle-orm";
import { index, integer, numeric, pgTable, text, timestamp, varchar } from "drizzle-orm/pg-core";
import { z } from "zod";
import { events, type Event } from "./events";
import { users } from "./users";
import { id } from "./validation";

export const TICKET_STATUSES = ["confirmed", "cancelled", "used"] as const;
export type TicketStatus = (typeof TICKET_STATUSES)[number];

export const MAX_TICKETS_PER_PURCHASE = 100_000;

/**
 * Confirmation codes are read aloud at the door and typed from paper, so the alphabet
 * leaves out look-alikes (0/O, 1/I/L). 31^10 ≈ 8e14 codes; the unique constraint catches
 * the astronomically rare collision and the server draws again.
 */
export const CONFIRMATION_CODE_ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789";
export const CONFIRMATION_CODE_LENGTH = 10;

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
const QUANTITY_MESSAGE = `Enter a whole number of tickets from 1 to ${MAX_TICKETS_PER_PURCHASE}`;

export const purchaseTicketsSchema = z.object({
  eventId: id,
  quantity: z
    .int({ error: QUANTITY_MESSAGE })
    .min(1, QUANTITY_MESSAGE)
    .max(MAX_TICKETS_PER_PURCHASE, QUANTITY_MESSAGE),
});

export { ticketTotalCents } from "./money";

export type TicketPurchase = typeof ticketPurchases.$inferSelect;
export type PurchaseTickets = z.infer<typeof purchaseTicketsSchema>;

/** GET /api/tickets/my: a purchase with the event it is for (one joined query). */
export type MyTicket = TicketPurchase & {
  event: Pick<Event, "id" | "name" | "artist" | "date" | "time" | "venue" | "imageUrl" | "status">;
};

/** As JSON carries them (dates become ISO strings). */
export type TicketPurchaseResponse = Omit<TicketPurchase, "purchaseDate"> & { purchaseDate: string | null };
export type MyTicketResponse = Omit<MyTicket, "purchaseDate"> & { purchaseDate: string | null };
