import {
  SCANNED_CODE_LOG_LENGTH,
  type CheckInRequest,
  type CheckInOutcomeRow,
  type CheckInSearch,
  type CheckInSearchRowData,
} from "@shared/check-ins";
import { parseTypedCode } from "@shared/tickets";
import { HttpError } from "../../lib/http-error";
import type { SignedTokens } from "../../lib/signed-token";
import { readTicketToken } from "../../lib/ticket-tokens";
import type { AttendanceRepository } from "./attendance.repository";
import { toScanned, type CheckInsRepository, type FoundTicket, type TicketLookup } from "./check-ins.repository";
import { attendeesCsv, attendeesFilename } from "./attendees-csv";

/**
 * What the door typed or scanned, as a ticket reference. A QR code holds a signed token
 * (`<reference>.<signature>`, which a typed code never contains): a ticket's, or an order's on
 * earlier QR codes; a forged or altered one points at nothing. A typed code is a ticket's
 * ("ABCDEFGH23-2") or its order's, in any case, with spaces or dashes anywhere.
 */
export function ticketLookup(code: string, ticketTokens: SignedTokens): TicketLookup | null {
  if (code.includes(".")) return readTicketToken(ticketTokens, code);
  return parseTypedCode(code);
}

/**
 * Why no ticket was admitted. A checkout never paid (held, or released unpaid) is not a
 * ticket, so the door reads it as unknown, as it does a ticket number the order does not have.
 * A ticket for another event is reported as such whatever its state, since that is what the
 * person at the door must act on; then the order's own state (cancelled), the ticket's (used;
 * for the order's code, every ticket used), then the event's (cancelled, another day). A ticket
 * still admissible here was pending when the admission ran (paid a moment later): unknown at
 * that moment.
 */
export function explainRefusal(
  ticket: FoundTicket | undefined,
  { eventId, position }: { eventId: string | undefined; position: number | null },
): CheckInOutcomeRow {
  if (!ticket || ticket.abandoned || (position !== null && ticket.position === null)) return { result: "unknown" };
  const scanned = toScanned(ticket);
  if (eventId && ticket.eventId !== eventId) return { result: "wrong-event", ticket: scanned };
  if (ticket.status === "cancelled" || ticket.status === "refunded") return { result: "cancelled", ticket: scanned };
  const used = position === null ? ticket.checkedIn >= ticket.quantity : ticket.checkedInAt !== null;
  if (used) {
    return {
      result: "already-used",
      ticket: scanned,
      checkedInAt: ticket.checkedInAt,
      checkedInBy: ticket.checkedInByName,
    };
  }
  if (ticket.eventCancelled) return { result: "event-cancelled", ticket: scanned };
  if (!ticket.eventOnDoorDay) return { result: "wrong-day", ticket: scanned };
  return { result: "unknown" };
}

export function createCheckInsService(
  scans: CheckInsRepository,
  attendance: AttendanceRepository,
  ticketTokens: SignedTokens,
) {
  return {
    checkIn(scannerId: string, { code, eventId }: CheckInRequest): Promise<CheckInOutcomeRow> {
      const lookup = ticketLookup(code, ticketTokens);
      const request = { lookup, eventId, scannerId, loggedCode: code.slice(0, SCANNED_CODE_LOG_LENGTH) };
      return scans.scan(request, (ticket) => explainRefusal(ticket, { eventId, position: lookup?.position ?? null }));
    },

    async summary(eventId: string) {
      const summary = await attendance.summary(eventId);
      if (!summary) throw HttpError.notFound("Event not found");
      return summary;
    },

    summaries: () => attendance.summaries(),

    search: ({ q, eventId }: CheckInSearch): Promise<CheckInSearchRowData[]> => attendance.searchByEmail(q, eventId),

    async attendeesCsv(eventId: string) {
      const event = await attendance.findEvent(eventId);
      if (!event) throw HttpError.notFound("Event not found");
      return { filename: attendeesFilename(event), body: attendeesCsv(await attendance.attendees(eventId)) };
    },
  };
}

export type CheckInsService = ReturnType<typeof createCheckInsService>;
