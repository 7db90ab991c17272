import { and, eq, sql, type AnyColumn, type SQL } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { DOOR_LATE_HOURS, type CheckInResponse } from "@shared/check-ins";
import { ticketScans } from "@shared/check-ins.table";
import { events } from "@shared/events.table";
import { ticketPurchases } from "@shared/tickets.table";
import { users } from "@shared/users.table";
import type { Database } from "../../db/database";

/** How the door names a person: their name, else their e-mail. */
export const personName = (person: { firstName: AnyColumn; lastName: AnyColumn; email: AnyColumn }) =>
  sql<string>`coalesce(nullif(trim(concat_ws(' ', ${person.firstName}, ${person.lastName})), ''), ${person.email})`;

/** Which ticket a scan points at: its id (from a signed QR token) or its confirmation code. */
export type TicketLookup = { purchaseId: string } | { confirmationCode: string };

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

/** A ticket as a scan reads it, with who admitted it (if anyone) and its event's state. */
export interface FoundTicket {
  id: string;
  confirmationCode: string;
  eventId: string;
  eventName: string;
  eventDate: string;
  eventTime: string;
  quantity: number;
  holderName: string;
  status: string;
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

type Transaction = Parameters<Parameters<Database["transaction"]>[0]>[0];

const scanner = alias(users, "scanner");

function matches(lookup: TicketLookup): SQL {
  return "purchaseId" in lookup
    ? eq(ticketPurchases.id, lookup.purchaseId)
    : eq(ticketPurchases.confirmationCode, lookup.confirmationCode);
}

/**
 * Admits the ticket if, and only if, it is still confirmed, its event is not cancelled and is
 * on the door's day at its venue (and is the door's event, when one is chosen): one conditional
 * UPDATE, so of any number of simultaneous scans on any number of instances exactly one
 * changes the row; the others wait for its row lock, find it used and admit nothing
 * (docs/decisions/015-check-in.md).
 */
async function admit(
  tx: Transaction,
  { lookup, eventId, scannerId }: { lookup: TicketLookup; eventId: string | undefined; scannerId: string },
  doorDay: SQL<boolean>,
) {
  const admitted = tx.$with("admitted").as(
    tx
      .update(ticketPurchases)
      .set({ status: "used", checkedInAt: sql`now()`, checkedInBy: scannerId })
      .where(
        and(
          matches(lookup),
          eq(ticketPurchases.status, "confirmed"),
          eventId ? eq(ticketPurchases.eventId, eventId) : undefined,
          sql`exists (select 1 from ${events} where ${events.id} = ${ticketPurchases.eventId}
            and ${events.status} <> 'cancelled' and ${doorDay})`,
        ),
      )
      .returning(),
  );
  const [row] = await tx
    .with(admitted)
    .select(ticketColumns(admitted as unknown as PurchaseColumns, doorDay))
    .from(admitted)
    .innerJoin(events, eq(events.id, admitted.eventId))
    .innerJoin(users, eq(users.id, admitted.userId))
    .leftJoin(scanner, eq(scanner.id, admitted.checkedInBy));
  return row as FoundTicket | undefined;
}

type PurchaseColumns = Pick<
  typeof ticketPurchases,
  "id" | "confirmationCode" | "eventId" | "quantity" | "status" | "checkedInAt" | "cancelReason"
>;

/** The same fields from the purchases table or from the admission's RETURNING. */
function ticketColumns(p: PurchaseColumns, doorDay: SQL<boolean>) {
  return {
    id: p.id,
    confirmationCode: p.confirmationCode,
    eventId: p.eventId,
    eventName: events.name,
    eventDate: events.date,
    eventTime: events.time,
    quantity: p.quantity,
    holderName: personName(users),
    status: p.status,
    checkedInAt: p.checkedInAt,
    checkedInByName: sql<string | null>`case when ${scanner.id} is null then null else ${personName(scanner)} end`,
    abandoned: isAbandonedCheckout(p),
    eventCancelled: sql<boolean>`(${events.status} = 'cancelled')`,
    eventOnDoorDay: doorDay,
  };
}

async function find(tx: Transaction, lookup: TicketLookup, doorDay: SQL<boolean>): Promise<FoundTicket | undefined> {
  const [row] = await tx
    .select(ticketColumns(ticketPurchases, doorDay))
    .from(ticketPurchases)
    .innerJoin(events, eq(events.id, ticketPurchases.eventId))
    .innerJoin(users, eq(users.id, ticketPurchases.userId))
    .leftJoin(scanner, eq(scanner.id, ticketPurchases.checkedInBy))
    .where(matches(lookup));
  return row;
}

/** `defaultTimeZone` (DEFAULT_TIME_ZONE) is the venue's zone of an event saved without one. */
export function createCheckInsRepository(db: Database, defaultTimeZone: string) {
  const doorDay = onDoorDay(defaultTimeZone);
  return {
    /**
     * One scan in one transaction: the admission (when the ticket can be admitted), or a read
     * of the ticket that `explain` turns into the answer, and the scan's log row, so a ticket
     * is never admitted without its log entry and a log entry never claims an admission that
     * rolled back.
     */
    scan(
      request: ScanRequest,
      explain: (ticket: FoundTicket | undefined) => CheckInResponse,
    ): Promise<CheckInResponse> {
      const { lookup, eventId, scannerId, loggedCode } = request;
      return db.transaction(async (tx) => {
        const admitted = lookup ? await admit(tx, { lookup, eventId, scannerId }, doorDay) : undefined;
        const ticket = admitted ?? (lookup ? await find(tx, lookup, doorDay) : undefined);
        const response: CheckInResponse = admitted
          ? { result: "admitted", ticket: toScanned(admitted) }
          : explain(ticket);
        // The door's event may name no event at all: log it as none rather than fail the scan.
        const loggedEvent = eventId
          ? sql`(select ${events.id} from ${events} where ${events.id} = ${eventId})`
          : (ticket?.eventId ?? null);
        await tx.insert(ticketScans).values({
          purchaseId: ticket?.id ?? null,
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

export function toScanned(ticket: FoundTicket) {
  const { confirmationCode, eventId, eventName, eventDate, eventTime, quantity, holderName, status } = ticket;
  return { confirmationCode, eventId, eventName, eventDate, eventTime, quantity, holderName, status };
}

export type CheckInsRepository = ReturnType<typeof createCheckInsRepository>;
