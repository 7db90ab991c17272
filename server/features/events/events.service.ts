import type { EventRow, EventStatus, InsertEvent, UpdateEvent } from "@shared/events";
import { isTimeZone } from "@shared/validation";
import { dayEndsAt, isPastShow } from "@shared/zoned-time";
import { HttpError } from "../../lib/http-error";
import { isForeignKeyViolation } from "../../lib/pg-errors";
import type { EventsRepository } from "./events.repository";

const NOT_FOUND = "Event not found";
/** Ticket orders reference their event with ON DELETE RESTRICT: paid or issued tickets are never deleted. */
const HAS_ORDERS_CONSTRAINT = "ticket_purchases_event_id_events_id_fk";
export const EVENT_HAS_ORDERS = "This event has ticket orders. Cancel the event instead of deleting it.";

function tooManyAvailable(): HttpError {
  return HttpError.badRequest("Available tickets cannot exceed total tickets", {
    availableTickets: ["Cannot be more than the total tickets"],
  });
}

/**
 * More available than the orders leave would put tickets on sale a second time: a hold paid
 * later would be sold twice over, and one given back would find no room under the total.
 */
function moreThanUnsold(total: number, taken: number): HttpError {
  const left = Math.max(total - taken, 0);
  const message = `Only ${left} ticket${left === 1 ? "" : "s"} can be available: ${taken} of ${total} are sold or held for payment`;
  return new HttpError(409, message, { availableTickets: [message] });
}

/**
 * The new inventory for a PATCH. Changing the total moves the available count by the same
 * amount, so tickets already sold stay sold; the total may never drop below them. A given
 * available count may not exceed what the orders leave (`taken`: sold, used or held tickets).
 */
function nextInventory(current: EventRow, changes: UpdateEvent, taken: number) {
  const total = changes.totalTickets ?? current.totalTickets;
  if (changes.availableTickets !== undefined) {
    if (changes.availableTickets > total) throw tooManyAvailable();
    if (changes.availableTickets > total - taken) throw moreThanUnsold(total, taken);
    return { total, available: changes.availableTickets };
  }
  const sold = current.totalTickets - current.availableTickets;
  if (total < sold) {
    throw HttpError.conflict(
      `Total tickets cannot be lower than the ${sold} ticket${sold === 1 ? "" : "s"} already sold`,
    );
  }
  return { total, available: current.availableTickets + (total - current.totalTickets) };
}

/**
 * When the stock changes and no status is given, the status follows it: a sold-out event
 * that gets more tickets goes back on sale; one whose stock reaches 0 is sold out.
 */
function followStatus(current: EventRow, available: number): EventStatus | undefined {
  if (current.status === "sold-out" && available > 0) return "on-sale";
  if (available === 0 && (current.status === "on-sale" || current.status === "upcoming")) return "sold-out";
  return undefined;
}

/**
 * The moment the list stops being true by itself (ms since the epoch): the end, at its venue, of
 * the first day of an event still to come, when it moves among the past ones. Undefined when
 * none is still to come.
 */
export function listExpiresAt(list: EventRow[], defaultTimeZone: string, now = new Date()): number | undefined {
  let first: number | undefined;
  for (const event of list) {
    if (event.status === "completed" || event.status === "cancelled") continue;
    const zone = event.timeZone && isTimeZone(event.timeZone) ? event.timeZone : defaultTimeZone;
    if (isPastShow(event.date, zone, now)) continue;
    const end = dayEndsAt(event.date, zone);
    if (end !== undefined && (first === undefined || end < first)) first = end;
  }
  return first;
}

/** `defaultTimeZone` (DEFAULT_TIME_ZONE) is the venue's zone of an event created without one. */
export function createEventsService(repository: EventsRepository, defaultTimeZone: string) {
  return {
    /** Every event, and when the read cache must stop serving it (lib/read-cache.ts, ExpiringValue). */
    async list(): Promise<{ value: EventRow[]; expiresAt?: number }> {
      const list = await repository.list();
      return { value: list, expiresAt: listExpiresAt(list, defaultTimeZone) };
    },

    create(values: InsertEvent): Promise<EventRow> {
      const availableTickets = values.availableTickets ?? values.totalTickets;
      if (availableTickets > values.totalTickets) throw tooManyAvailable();
      return repository.create({ ...values, availableTickets, timeZone: values.timeZone ?? defaultTimeZone });
    },

    async update(id: string, changes: UpdateEvent): Promise<EventRow> {
      const row = await repository.update(id, (current, taken) => {
        const stockChanged = changes.totalTickets !== undefined || changes.availableTickets !== undefined;
        if (!stockChanged) return changes;
        const { total, available } = nextInventory(current, changes, taken);
        const status =
          changes.status ?? (available !== current.availableTickets ? followStatus(current, available) : undefined);
        return { ...changes, totalTickets: total, availableTickets: available, status };
      });
      if (!row) throw HttpError.notFound(NOT_FOUND);
      return row;
    },

    async remove(id: string): Promise<void> {
      try {
        if (!(await repository.remove(id))) throw HttpError.notFound(NOT_FOUND);
      } catch (error) {
        // The check is the constraint itself, so an order placed a moment before still counts.
        if (isForeignKeyViolation(error, HAS_ORDERS_CONSTRAINT)) throw HttpError.conflict(EVENT_HAS_ORDERS);
        throw error;
      }
    },
  };
}
