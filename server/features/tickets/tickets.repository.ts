import { and, desc, eq, getTableColumns, gte, lte, notInArray, sql } from "drizzle-orm";
import { events, type Event } from "@shared/events";
import { fromCents, MAX_AMOUNT_CENTS } from "@shared/money";
import { ticketPurchases, type MyTicket, type TicketPurchase } from "@shared/tickets";
import { outboxMessages, type OutboxTemplate } from "@shared/outbox";
import { users } from "@shared/users";
import type { Database } from "../../db/database";

/** Statuses in which nothing can be bought, whatever the stock says. */
const CLOSED_STATUSES = ["cancelled", "completed", "sold-out"];

const TICKET_CONFIRMATION: OutboxTemplate = "ticket-purchase-confirmation";

export const CONFIRMATION_CODE_CONSTRAINT = "ticket_purchases_confirmation_code_unique";

export interface PurchaseRequest {
  eventId: string;
  userId: string;
  quantity: number;
  confirmationCode: string;
}

export function createTicketsRepository(db: Database) {
  return {
    /**
     * The inventory guard (ARCHITECTURE.md "Database") and the purchase in one statement:
     * a conditional UPDATE takes the tickets only if enough remain and the total fits
     * numeric(10,2), and the INSERT records the purchase from what it returned, priced by
     * the database. Concurrent buyers on any number of app instances are serialised by the
     * event's row lock and can never oversell, and the lock is held for one statement, not
     * for several round trips. The last ticket flips the status to sold-out. A taken
     * confirmation code fails the whole statement (unique violation), stock included.
     * The same statement queues the buyer's confirmation e-mail in the outbox, so a purchase
     * that commits always has its message and one that fails never does.
     * Undefined when refused.
     */
    async buyTickets({ eventId, userId, quantity, confirmationCode }: PurchaseRequest): Promise<TicketPurchase | undefined> {
      const total = sql`${events.ticketPrice} * ${quantity}::integer`;
      const taken = db.$with("taken").as(
        db
          .update(events)
          .set({
            availableTickets: sql`${events.availableTickets} - ${quantity}::integer`,
            status: sql`case when ${events.availableTickets} - ${quantity}::integer = 0 then 'sold-out' else ${events.status} end`,
          })
          .where(
            and(
              eq(events.id, eventId),
              gte(events.availableTickets, quantity),
              notInArray(events.status, CLOSED_STATUSES),
              gte(events.date, sql`current_date`),
              lte(total, fromCents(MAX_AMOUNT_CENTS)),
            ),
          )
          .returning({
            id: events.id,
            total: total.as("total"),
            name: events.name,
            artist: events.artist,
            date: events.date,
            time: events.time,
            venue: events.venue,
          }),
      );
      // INSERT ... SELECT names every column in table order; the defaults are the table's own.
      const purchase = db.$with("purchase").as(
        db
          .insert(ticketPurchases)
          .select(
            sql`select ${ticketPurchases.id.default}, ${taken.id}, ${userId}::varchar, ${quantity}::integer, ${taken.total},
              ${ticketPurchases.status.default}, ${ticketPurchases.purchaseDate.default}, ${confirmationCode}::text from ${taken}`,
          )
          .returning(),
      );
      // Parameters as the template reads them (shared/outbox.ts); the buyer's address from users.
      const columns = [outboxMessages.template, outboxMessages.params, outboxMessages.recipient, outboxMessages.aboutType, outboxMessages.aboutId];
      const message = db.$with("message", { id: sql<string>`id` }).as(
        sql`insert into ${outboxMessages} (${sql.join(columns.map((c) => sql.identifier(c.name)), sql`, `)})
          select ${TICKET_CONFIRMATION}::text,
            jsonb_build_object('eventName', ${taken.name}, 'artist', ${taken.artist}, 'date', ${taken.date}::text,
              'time', ${taken.time}, 'venue', ${taken.venue}, 'quantity', ${purchase.quantity},
              'total', ${purchase.totalAmount}::text, 'confirmationCode', ${purchase.confirmationCode}),
            ${users.email}, 'ticket_purchase', ${purchase.id}
          from ${purchase} cross join ${taken} join ${users} on ${users.id} = ${purchase.userId}
          returning id`,
      );
      const [row] = await db.with(taken, purchase, message).select().from(purchase);
      return row;
    },

    /** The event as the refusal sees it; `isPast` uses the database's date, like the guard. */
    async findEvent(eventId: string): Promise<(Event & { isPast: boolean }) | undefined> {
      const [row] = await db
        .select({ ...getTableColumns(events), isPast: sql<boolean>`${events.date} < current_date` })
        .from(events)
        .where(eq(events.id, eventId));
      return row;
    },

    /** The user's purchases with their events in one joined query, newest first. */
    listForUser(userId: string): Promise<MyTicket[]> {
      return db
        .select({
          ...getTableColumns(ticketPurchases),
          event: {
            id: events.id,
            name: events.name,
            artist: events.artist,
            date: events.date,
            time: events.time,
            venue: events.venue,
            imageUrl: events.imageUrl,
            status: events.status,
          },
        })
        .from(ticketPurchases)
        .innerJoin(events, eq(events.id, ticketPurchases.eventId))
        .where(eq(ticketPurchases.userId, userId))
        .orderBy(desc(ticketPurchases.purchaseDate), desc(ticketPurchases.id));
    },
  };
}

export type TicketsRepository = ReturnType<typeof createTicketsRepository>;
