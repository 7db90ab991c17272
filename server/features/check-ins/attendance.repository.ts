import { and, asc, desc, eq, isNotNull, like, max, not, sql } from "drizzle-orm";
import { CHECK_IN_SEARCH_LIMIT, type CheckInSearchRowData, type CheckInSummary } from "@shared/check-ins";
import { events } from "@shared/events.table";
import { admittedTicketCount, issuedTickets, ticketPurchases, ticketUsedAt } from "@shared/tickets.table";
import { users } from "@shared/users.table";
import type { Database } from "../../db/database";
import { isAbandonedCheckout } from "./check-ins.repository";

/** A checkout never paid (held, or released unpaid) is not a ticket: no list at the door shows it. */
const isTicket = not(isAbandonedCheckout(ticketPurchases));

/** `value` matched literally by LIKE, whatever % _ or \ it holds. */
function likePrefix(value: string): string {
  return `${value.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

const buyerName = sql<string | null>`nullif(trim(concat_ws(' ', ${users.firstName}, ${users.lastName})), '')`;

/** One ticket of an event as the attendee list gives it. */
export interface AttendeeRow {
  confirmationCode: string;
  position: number;
  quantity: number;
  buyerName: string;
  buyerEmail: string;
  /** The order's status. */
  status: string;
  /** When this ticket was admitted (an order admitted whole by an earlier version: when it was). */
  checkedInAt: Date | null;
  promoCode: string | null;
  discountAmount: string;
}

export function createAttendanceRepository(db: Database) {
  /**
   * Sold: tickets of confirmed orders (and of orders an earlier version admitted whole);
   * checked in: their tickets admitted, read from the small index of admitted tickets rather
   * than from every ticket. Two aggregates, for one event or for all.
   */
  function summaries(eventId?: string): Promise<CheckInSummary[]> {
    const sold = db.$with("sold").as(
      db
        .select({
          eventId: ticketPurchases.eventId,
          sold: sql<number>`sum(${ticketPurchases.quantity}) filter (where ${ticketPurchases.status} in ('confirmed', 'used'))`.as(
            "sold",
          ),
          usedWhole: sql<number>`sum(${ticketPurchases.quantity}) filter (where ${ticketPurchases.status} = 'used')`.as(
            "used_whole",
          ),
        })
        .from(ticketPurchases)
        .where(eventId ? eq(ticketPurchases.eventId, eventId) : undefined)
        .groupBy(ticketPurchases.eventId),
    );
    const admitted = db.$with("admitted").as(
      db
        .select({ eventId: ticketPurchases.eventId, tickets: sql<number>`count(*)`.as("tickets") })
        .from(issuedTickets)
        .innerJoin(ticketPurchases, eq(ticketPurchases.id, issuedTickets.orderId))
        .where(
          and(
            isNotNull(issuedTickets.checkedInAt),
            eq(ticketPurchases.status, "confirmed"),
            eventId ? eq(ticketPurchases.eventId, eventId) : undefined,
          ),
        )
        .groupBy(ticketPurchases.eventId),
    );
    return db
      .with(sold, admitted)
      .select({
        eventId: events.id,
        soldTickets: sql<number>`coalesce(${sold.sold}, 0)::int`,
        checkedInTickets: sql<number>`(coalesce(${sold.usedWhole}, 0) + coalesce(${admitted.tickets}, 0))::int`,
      })
      .from(events)
      .leftJoin(sold, eq(sold.eventId, events.id))
      .leftJoin(admitted, eq(admitted.eventId, events.id))
      .where(eventId ? eq(events.id, eventId) : undefined);
  }

  return {
    /** Undefined when the event does not exist. */
    async summary(eventId: string): Promise<CheckInSummary | undefined> {
      const [row] = await summaries(eventId);
      return row;
    },

    /** Every event's counts in one query, for the events list. */
    summaries: () => summaries(),

    /** Orders whose buyer's e-mail starts with `query` (e-mails are stored lower-cased), newest first. */
    searchByEmail(query: string, eventId?: string): Promise<CheckInSearchRowData[]> {
      const lastAdmitted = db
        .select({ at: max(issuedTickets.checkedInAt).as("at") })
        .from(issuedTickets)
        .where(and(eq(issuedTickets.orderId, ticketPurchases.id), isNotNull(issuedTickets.checkedInAt)))
        .as("last_admitted");
      return db
        .select({
          confirmationCode: ticketPurchases.confirmationCode,
          holderName: buyerName,
          email: users.email,
          quantity: ticketPurchases.quantity,
          checkedIn: admittedTicketCount,
          status: ticketPurchases.status,
          eventName: events.name,
          checkedInAt: sql<Date | null>`coalesce(${lastAdmitted.at}, ${ticketPurchases.checkedInAt})`.mapWith(
            ticketPurchases.checkedInAt,
          ),
        })
        .from(users)
        .innerJoin(ticketPurchases, eq(ticketPurchases.userId, users.id))
        .innerJoin(events, eq(events.id, ticketPurchases.eventId))
        .leftJoinLateral(lastAdmitted, sql`true`)
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

    /** The event's tickets, one row each, in the order they were bought. */
    attendees(eventId: string): Promise<AttendeeRow[]> {
      return db
        .select({
          confirmationCode: ticketPurchases.confirmationCode,
          position: issuedTickets.position,
          quantity: ticketPurchases.quantity,
          buyerName: sql<string>`coalesce(${buyerName}, '')`,
          buyerEmail: users.email,
          status: ticketPurchases.status,
          checkedInAt: ticketUsedAt,
          promoCode: ticketPurchases.promoCode,
          discountAmount: ticketPurchases.discountAmount,
        })
        .from(ticketPurchases)
        .innerJoin(users, eq(users.id, ticketPurchases.userId))
        .innerJoin(issuedTickets, eq(issuedTickets.orderId, ticketPurchases.id))
        .where(and(eq(ticketPurchases.eventId, eventId), isTicket))
        .orderBy(asc(ticketPurchases.purchaseDate), asc(ticketPurchases.id), asc(issuedTickets.position));
    },
  };
}

export type AttendanceRepository = ReturnType<typeof createAttendanceRepository>;
