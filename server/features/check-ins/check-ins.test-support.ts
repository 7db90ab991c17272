import crypto from "node:crypto";
import { eq } from "drizzle-orm";
import type { EventRow } from "@shared/events";
import { events } from "@shared/events.table";
import { CONFIRMATION_CODE_ALPHABET, CONFIRMATION_CODE_LENGTH, type TicketPurchase } from "@shared/tickets";
import { ticketPurchases } from "@shared/tickets.table";
import { users } from "@shared/users.table";
import { dayInZone } from "@shared/zoned-time";
import type { Database } from "../../db/database";

/** The calendar day `days` from today at a venue in `timeZone` (the door admits today's events). */
export function venueDay(days = 0, timeZone = "UTC"): string {
  return dayInZone(new Date(Date.now() + days * 24 * 60 * 60 * 1000), timeZone);
}

function randomCode(): string {
  return Array.from(
    { length: CONFIRMATION_CODE_LENGTH },
    () => CONFIRMATION_CODE_ALPHABET[crypto.randomInt(CONFIRMATION_CODE_ALPHABET.length)],
  ).join("");
}

/** Events (today, unless told otherwise) and tickets written straight to the database, as the door finds them. */
export function checkInFactories(db: Database) {
  async function userId(email: string): Promise<string> {
    const [row] = await db.select({ id: users.id }).from(users).where(eq(users.email, email));
    if (!row) throw new Error(`no user ${email}: sign them in first`);
    return row.id;
  }

  return {
    userId,

    async event(values: Partial<typeof events.$inferInsert> = {}): Promise<EventRow> {
      const [row] = await db
        .insert(events)
        .values({
          name: "Door Test Night",
          artist: "Nova Reign",
          venue: "Harborview Arena",
          date: venueDay(),
          time: "20:00",
          timeZone: "UTC",
          totalTickets: 100,
          availableTickets: 100,
          ticketPrice: "20.00",
          status: "on-sale",
          ...values,
        })
        .returning();
      return row;
    },

    async ticket(
      eventId: string,
      email: string,
      values: Partial<typeof ticketPurchases.$inferInsert> = {},
    ): Promise<TicketPurchase> {
      const quantity = values.quantity ?? 1;
      const [row] = await db
        .insert(ticketPurchases)
        .values({
          eventId,
          userId: await userId(email),
          quantity,
          totalAmount: (20 * quantity).toFixed(2),
          confirmationCode: randomCode(),
          ...values,
        })
        .returning();
      return row;
    },
  };
}
