import { and, desc, eq, getTableColumns, gte, notInArray, sql } from "drizzle-orm";
import { events, type Event } from "@shared/events";
import { ticketPurchases, type MyTicket, type TicketPurchase } from "@shared/tickets";
import type { Database } from "../../db/database";

type Transaction = Parameters<Parameters<Database["transaction"]>[0]>[0];

/** Statuses in which nothing can be bought, whatever the stock says. */
const CLOSED_STATUSES = ["cancelled", "completed", "sold-out"];

function queries(db: Database | Transaction) {
  return {
    /**
     * The inventory guard (ARCHITECTURE.md "Database"): one conditional UPDATE takes the
     * tickets only if enough remain, so concurrent buyers on any number of app instances
     * are serialised by PostgreSQL's row lock and can never oversell. The last ticket
     * flips the status to sold-out in the same statement. Undefined when refused.
     */
    async takeTickets(eventId: string, quantity: number): Promise<Event | undefined> {
      const [row] = await db
        .update(events)
        .set({
          availableTickets: sql`${events.availableTickets} - ${quantity}`,
          status: sql`case when ${events.availableTickets} - ${quantity} = 0 then 'sold-out' else ${events.status} end`,
        })
        .where(
          and(
            eq(events.id, eventId),
            gte(events.availableTickets, quantity),
            notInArray(events.status, CLOSED_STATUSES),
            gte(events.date, sql`current_date`),
          ),
        )
        .returning();
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

    /** Undefined when the confirmation code is already taken (the caller draws again). */
    async insertPurchase(values: typeof ticketPurchases.$inferInsert): Promise<TicketPurchase | undefined> {
      const [row] = await db
        .insert(ticketPurchases)
        .values(values)
        .onConflictDoNothing({ target: ticketPurchases.confirmationCode })
        .returning();
      return row;
    },
  };
}

export type TicketQueries = ReturnType<typeof queries>;

export function createTicketsRepository(db: Database) {
  return {
    inTransaction<T>(work: (q: TicketQueries) => Promise<T>): Promise<T> {
      return db.transaction((tx) => work(queries(tx)));
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
