import { and, asc, desc, eq, inArray, isNotNull, isNull, sql, type AnyColumn, type SQL } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { DOOR_LATE_HOURS, type CheckInOutcomeRow, type ScannedTicket } from "@shared/check-ins";
import { ticketScans } from "@shared/check-ins.table";
import { events } from "@shared/events.table";
import { ticketCode } from "@shared/tickets";
import { admittedTicketCount, issuedTickets, ticketPurchases } from "@shared/tickets.table";
import { users } from "@shared/users.table";
import type { Database, Transaction } from "../../db/database";

/** How the door names a person: their name, else their e-mail. */
export const personName = (person: { firstName: AnyColumn; lastName: AnyColumn; email: AnyColumn }) =>
  sql<string>`coalesce(nullif(trim(concat_ws(' ', ${person.firstName}, ${person.lastName})), ''), ${person.email})`;

/**
 * Which ticket a scan points at: an order (by its id, from an earlier QR code, or by its code)
 * and the ticket's number, or null for "the order's next ticket".
 */
export type TicketLookup = ({ orderId: string } | { confirmationCode: string }) & { position: number | null };

/**
 * A checkout that never became a ticket: a hold still waiting for its payment, or one released
 * unpaid ("expired"). The door and its lists treat it as if it did not exist.
 */
export const isAbandonedCheckout = (p: Pick<typeof ticketPurchases, "status" | "cancelReason">) =>
  sql<boolean>`(${p.status} = 'pending' or ${p.cancelReason} is not distinct from 'expired')`;

/**
 * Whether the event is on one of the door's days at its venue (shared/check-ins.ts, doorDays):
 * today in its time zone, or yesterday in the first hours after midnight. Judged by
 * PostgreSQL's clock, the same one the admission runs on.
 */
function onDoorDay(defaultTimeZone: string): SQL<boolean> {
  const zone = sql`coalesce(${events.timeZone}, ${defaultTimeZone}::text)`;
  const late = sql`make_interval(hours => ${DOOR_LATE_HOURS}::integer)`;
  return sql<boolean>`(${events.date} in ((now() at time zone ${zone})::date, ((now() - ${late}) at time zone ${zone})::date))`;
}

/** A ticket and its order as a scan reads them, with who admitted it (if anyone) and its event's state. */
export interface FoundTicket extends Omit<ScannedTicket, "ticketCode"> {
  orderId: string;
  checkedInAt: Date | null;
  checkedInByName: string | null;
  abandoned: boolean;
  eventCancelled: boolean;
  eventOnDoorDay: boolean;
}

export interface ScanRequest {
  lookup: TicketLookup | null;
  eventId?: string;
  scannerId: string;
  /** What was typed or scanned, already cut to the log's length. */
  loggedCode: string;
}

const scanner = alias(users, "scanner");

function matchesOrder(lookup: TicketLookup): SQL {
  return "orderId" in lookup
    ? eq(ticketPurchases.id, lookup.orderId)
    : eq(ticketPurchases.confirmationCode, lookup.confirmationCode);
}

/**
 * Admits one ticket if, and only if, it is not used yet, its order is confirmed, its event is
 * not cancelled and is on the door's day at its venue (and is the door's event, when one is
 * chosen): one conditional UPDATE of that ticket, so of any number of simultaneous scans on
 * any number of instances exactly one changes it (docs/decisions/015-check-in.md). The order
 * is share-locked for the statement: a cancellation (which locks it for update) and an
 * admission take turns, and two doors admitting tickets of one order do not wait for each
 * other. Without a number, the order's lowest ticket not yet used: a ticket another door is
 * admitting is locked, and once that door commits it no longer matches, so this scan takes the
 * next one (docs/decisions/030-one-code-per-ticket.md).
 */
async function admit(
  tx: Transaction,
  { lookup, eventId, scannerId }: { lookup: TicketLookup; eventId: string | undefined; scannerId: string },
  doorDay: SQL<boolean>,
): Promise<{ orderId: string; position: number } | undefined> {
  const order = tx.$with("door_order").as(
    tx
      .select({ id: ticketPurchases.id })
      .from(ticketPurchases)
      .where(
        and(
          matchesOrder(lookup),
          eq(ticketPurchases.status, "confirmed"),
          eventId ? eq(ticketPurchases.eventId, eventId) : undefined,
          sql`exists (select 1 from ${events} where ${events.id} = ${ticketPurchases.eventId}
            and ${events.status} <> 'cancelled' and ${doorDay})`,
        ),
      )
      .for("share"),
  );
  const target = tx.$with("door_ticket").as(
    tx
      .select({ orderId: issuedTickets.orderId, position: issuedTickets.position })
      .from(issuedTickets)
      .where(
        and(
          inArray(issuedTickets.orderId, tx.select({ id: order.id }).from(order)),
          isNull(issuedTickets.checkedInAt),
          lookup.position === null ? undefined : eq(issuedTickets.position, lookup.position),
        ),
      )
      .orderBy(asc(issuedTickets.position))
      .limit(1)
      .for("update"),
  );
  const [row] = await tx
    .with(order, target)
    .update(issuedTickets)
    .set({ checkedInAt: sql`now()`, checkedInBy: scannerId })
    .from(target)
    .where(
      and(
        eq(issuedTickets.orderId, target.orderId),
        eq(issuedTickets.position, target.position),
        isNull(issuedTickets.checkedInAt),
      ),
    )
    .returning({ orderId: issuedTickets.orderId, position: issuedTickets.position });
  return row;
}

/**
 * The order and the ticket a scan is about, read after the admission (so its counts include
 * every door's): the ticket asked for, else the one admitted last. An order an earlier
 * version admitted whole lends its own time and admin to tickets without theirs.
 */
async function find(tx: Transaction, lookup: TicketLookup, doorDay: SQL<boolean>): Promise<FoundTicket | undefined> {
  const ticket = tx
    .select({
      position: issuedTickets.position,
      checkedInAt: issuedTickets.checkedInAt,
      checkedInBy: issuedTickets.checkedInBy,
    })
    .from(issuedTickets)
    .where(
      and(
        eq(issuedTickets.orderId, ticketPurchases.id),
        lookup.position === null ? isNotNull(issuedTickets.checkedInAt) : eq(issuedTickets.position, lookup.position),
      ),
    )
    .orderBy(desc(issuedTickets.checkedInAt))
    .limit(1)
    .as("ticket");
  const wholeOrder = sql`${ticketPurchases.status} = 'used'`;
  const [row] = await tx
    .select({
      orderId: ticketPurchases.id,
      confirmationCode: ticketPurchases.confirmationCode,
      position: ticket.position,
      eventId: ticketPurchases.eventId,
      eventName: events.name,
      eventDate: events.date,
      eventTime: events.time,
      quantity: ticketPurchases.quantity,
      checkedIn: admittedTicketCount,
      holderName: personName(users),
      status: ticketPurchases.status,
      checkedInAt:
        sql<Date | null>`coalesce(${ticket.checkedInAt}, case when ${wholeOrder} then ${ticketPurchases.checkedInAt} end)`.mapWith(
          ticketPurchases.checkedInAt,
        ),
      checkedInByName: sql<string | null>`case when ${scanner.id} is null then null else ${personName(scanner)} end`,
      abandoned: isAbandonedCheckout(ticketPurchases),
      eventCancelled: sql<boolean>`(${events.status} = 'cancelled')`,
      eventOnDoorDay: doorDay,
    })
    .from(ticketPurchases)
    .innerJoin(events, eq(events.id, ticketPurchases.eventId))
    .innerJoin(users, eq(users.id, ticketPurchases.userId))
    .leftJoinLateral(ticket, sql`true`)
    .leftJoin(
      scanner,
      eq(
        scanner.id,
        sql`coalesce(${ticket.checkedInBy}, case when ${wholeOrder} then ${ticketPurchases.checkedInBy} end)`,
      ),
    )
    .where(matchesOrder(lookup));
  return row;
}

/** `defaultTimeZone` (DEFAULT_TIME_ZONE) is the venue's zone of an event saved without one. */
export function createCheckInsRepository(db: Database, defaultTimeZone: string) {
  const doorDay = onDoorDay(defaultTimeZone);
  return {
    /**
     * One scan in one transaction: the admission (when a ticket can be admitted), a read of the
     * ticket that `explain` turns into the answer when none was, and the scan's log row, so a
     * ticket is never admitted without its log entry and a log entry never claims an admission
     * that rolled back.
     */
    scan(
      request: ScanRequest,
      explain: (ticket: FoundTicket | undefined) => CheckInOutcomeRow,
    ): Promise<CheckInOutcomeRow> {
      const { lookup, eventId, scannerId, loggedCode } = request;
      return db.transaction(async (tx) => {
        const admitted = lookup ? await admit(tx, { lookup, eventId, scannerId }, doorDay) : undefined;
        const asked = admitted ? { orderId: admitted.orderId, position: admitted.position } : lookup;
        const ticket = asked ? await find(tx, asked, doorDay) : undefined;
        const response: CheckInOutcomeRow =
          admitted && ticket ? { result: "admitted", ticket: toScanned(ticket) } : explain(ticket);
        // The door's event may name no event at all: log it as none rather than fail the scan.
        const loggedEvent = eventId
          ? sql`(select ${events.id} from ${events} where ${events.id} = ${eventId})`
          : (ticket?.eventId ?? null);
        await tx.insert(ticketScans).values({
          purchaseId: ticket?.orderId ?? null,
          ticketPosition: ticket?.position ?? null,
          eventId: loggedEvent,
          code: loggedCode,
          result: response.result,
          scannedBy: scannerId,
        });
        return response;
      });
    },
  };
}

export function toScanned(ticket: FoundTicket): ScannedTicket {
  const { confirmationCode, position, eventId, eventName, eventDate, eventTime, quantity, checkedIn } = ticket;
  return {
    confirmationCode,
    position,
    ticketCode: position === null ? null : ticketCode(confirmationCode, position),
    eventId,
    eventName,
    eventDate,
    eventTime,
    quantity,
    checkedIn,
    holderName: ticket.holderName,
    status: ticket.status,
  };
}

export type CheckInsRepository = ReturnType<typeof createCheckInsRepository>;
