import { and, asc, desc, eq, inArray, sql } from "drizzle-orm";
import type { EventRow, InsertEvent, UpdateEvent } from "@shared/events";
import { events } from "@shared/events.table";
import { ticketPurchases } from "@shared/tickets.table";
import type { Database } from "../../db/database";
import { venueToday } from "../../lib/venue-day";

type Transaction = Parameters<Parameters<Database["transaction"]>[0]>[0];

/** Orders in these states have their tickets out of stock: sold (and maybe used) or held for payment. */
const TAKING_STOCK = ["pending", "confirmed", "used"];

/** `defaultTimeZone` (DEFAULT_TIME_ZONE) judges the day of an event older than its time-zone column. */
export function createEventsRepository(db: Database, defaultTimeZone: string) {
  /** Past (the day has ended at the venue), completed and cancelled events sort after everything still to come. */
  const isOver = sql`(${events.status} in ('completed', 'cancelled') or ${events.date} < ${venueToday(events.timeZone, defaultTimeZone)})`;

  return {
    /** Upcoming first (soonest date, then time); then the rest, most recent first. */
    list(): Promise<EventRow[]> {
      return db
        .select()
        .from(events)
        .orderBy(
          asc(isOver),
          sql`case when ${isOver} then null else ${events.date} end asc`,
          sql`case when ${isOver} then null else ${events.time} end asc`,
          desc(events.date),
          desc(events.time),
          asc(events.name),
        );
    },

    async create(values: InsertEvent & { availableTickets: number }): Promise<EventRow> {
      const [row] = await db.insert(events).values(values).returning();
      return row;
    },

    /**
     * Locks the row (a purchase's conditional update waits for it, and vice versa), lets
     * `decide` compute the change from the current values and the tickets its orders hold,
     * and writes it. Undefined when the event does not exist. The orders are counted after
     * the lock: a purchase or release that committed before it is counted, and one waiting for
     * it changes the event only after this change, so the count holds until the commit.
     */
    update(id: string, decide: (current: EventRow, taken: number) => UpdateEvent): Promise<EventRow | undefined> {
      return db.transaction(async (tx: Transaction) => {
        const [current] = await tx.select().from(events).where(eq(events.id, id)).for("update");
        if (!current) return undefined;
        const [{ taken }] = await tx
          .select({ taken: sql<number>`coalesce(sum(${ticketPurchases.quantity}), 0)::int` })
          .from(ticketPurchases)
          .where(and(eq(ticketPurchases.eventId, id), inArray(ticketPurchases.status, TAKING_STOCK)));
        const changes = decide(current, taken);
        if (!Object.values(changes).some((value) => value !== undefined)) return current;
        const [row] = await tx.update(events).set(changes).where(eq(events.id, id)).returning();
        return row;
      });
    },

    /** Refused by PostgreSQL (restrict) while any ticket order refers to the event. */
    async remove(id: string): Promise<boolean> {
      const rows = await db.delete(events).where(eq(events.id, id)).returning({ id: events.id });
      return rows.length > 0;
    },
  };
}

export type EventsRepository = ReturnType<typeof createEventsRepository>;
