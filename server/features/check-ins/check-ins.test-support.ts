import crypto from "node:crypto";
import { eq } from "drizzle-orm";
import type { Event } from "@shared/events";
import { events } from "@shared/events.table";
import { CONFIRMATION_CODE_ALPHABET, CONFIRMATION_CODE_LENGTH, type TicketPurchase } from "@shared/tickets";
import { ticketPurchases } from "@shared/tickets.table";
import { users } from "@shared/users.table";
import type { Database } from "../../db/database";

function inDays(days: number): string {
  const date = new Date();
  date.setDate(date.getDate() + days);
  return date.toISOString().slice(0, 10);
}

function randomCode(): string {
  return Array.from(
    { length: CONFIRMATION_CODE_LENGTH },
    () => CONFIRMATION_CODE_ALPHABET[crypto.randomInt(CONFIRMATION_CODE_ALPHABET.length)],
  ).join("");
}

/** Events and tickets written straight to the database, as the door finds them. */
export function checkInFactories(db: Database) {
  async function userId(email: string): Promise<string> {
    const [row] = await db.select({ id: users.id }).from(users).where(eq(users.email, email));
    if (!row) throw new Error(`no user ${email}: sign them in first`);
    return row.id;
  }

  return {
    userId,

    async event(values: Partial<typeof events.$inferInsert> = {}): Promise<Event> {
      const [row] = await db
        .insert(events)
        .values({
          name: "Door Test Night",
          artist: "Nova Reign",
          venue: "Harborview Arena",
          date: inDays(7),
          time: "20:00",
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
