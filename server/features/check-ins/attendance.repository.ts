import { and, asc, desc, eq, like, not, sql } from "drizzle-orm";
import { CHECK_IN_SEARCH_LIMIT, type CheckInSearchRow, type CheckInSummaryResponse } from "@shared/check-ins";
import { events } from "@shared/events.table";
import { ticketPurchases } from "@shared/tickets.table";
import { users } from "@shared/users.table";
import type { Database } from "../../db/database";
import { isAbandonedCheckout, personName } from "./check-ins.repository";

/** Sold: tickets people hold (confirmed or already used); checked in: used. By quantity. */
const summaryColumns = {
  eventId: events.id,
  soldTickets: sql<number>`coalesce(sum(${ticketPurchases.quantity}) filter (where ${ticketPurchases.status} in ('confirmed', 'used')), 0)::int`,
  checkedInTickets: sql<number>`coalesce(sum(${ticketPurchases.quantity}) filter (where ${ticketPurchases.status} = 'used'), 0)::int`,
};

/** A checkout never paid (held, or released unpaid) is not a ticket: no list at the door shows it. */
const isTicket = not(isAbandonedCheckout(ticketPurchases));

/** `value` matched literally by LIKE, whatever % _ or \ it holds. */
function likePrefix(value: string): string {
  return `${value.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

export interface AttendeeRow {
  confirmationCode: string;
  buyerName: string;
  buyerEmail: string;
  quantity: number;
  status: string;
  checkedInAt: Date | null;
}

export function createAttendanceRepository(db: Database) {
  return {
    /** One aggregate query; undefined when the event does not exist. */
    async summary(eventId: string): Promise<CheckInSummaryResponse | undefined> {
      const [row] = await db
        .select(summaryColumns)
        .from(events)
        .leftJoin(ticketPurchases, eq(ticketPurchases.eventId, events.id))
        .where(eq(events.id, eventId))
        .groupBy(events.id);
      return row;
    },

    /** Every event's counts in one aggregate query, for the events list. */
    summaries(): Promise<CheckInSummaryResponse[]> {
      return db
        .select(summaryColumns)
        .from(events)
        .leftJoin(ticketPurchases, eq(ticketPurchases.eventId, events.id))
        .groupBy(events.id);
    },

    /** Orders whose buyer's e-mail starts with `query` (e-mails are stored lower-cased), newest first. */
    searchByEmail(
      query: string,
      eventId?: string,
    ): Promise<(Omit<CheckInSearchRow, "checkedInAt"> & { checkedInAt: Date | null })[]> {
      return db
        .select({
          confirmationCode: ticketPurchases.confirmationCode,
          holderName: personName(users),
          email: users.email,
          quantity: ticketPurchases.quantity,
          status: ticketPurchases.status,
          eventName: events.name,
          checkedInAt: ticketPurchases.checkedInAt,
        })
        .from(users)
        .innerJoin(ticketPurchases, eq(ticketPurchases.userId, users.id))
        .innerJoin(events, eq(events.id, ticketPurchases.eventId))
        .where(
          and(
            like(users.email, likePrefix(query.toLowerCase())),
            isTicket,
            eventId ? eq(ticketPurchases.eventId, eventId) : undefined,
          ),
        )
        .orderBy(desc(ticketPurchases.purchaseDate), desc(ticketPurchases.id))
        .limit(CHECK_IN_SEARCH_LIMIT);
    },

    async findEvent(eventId: string) {
      const [row] = await db
        .select({ name: events.name, date: events.date })
        .from(events)
        .where(eq(events.id, eventId));
      return row;
    },

    /** The event's tickets in the order they were bought. */
    attendees(eventId: string): Promise<AttendeeRow[]> {
      return db
        .select({
          confirmationCode: ticketPurchases.confirmationCode,
          buyerName: sql<string>`trim(concat_ws(' ', ${users.firstName}, ${users.lastName}))`,
          buyerEmail: users.email,
          quantity: ticketPurchases.quantity,
          status: ticketPurchases.status,
          checkedInAt: ticketPurchases.checkedInAt,
        })
        .from(ticketPurchases)
        .innerJoin(users, eq(users.id, ticketPurchases.userId))
        .where(and(eq(ticketPurchases.eventId, eventId), isTicket))
        .orderBy(asc(ticketPurchases.purchaseDate), asc(ticketPurchases.id));
    },
  };
}

export type AttendanceRepository = ReturnType<typeof createAttendanceRepository>;
