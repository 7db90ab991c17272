import {
  SCANNED_CODE_LOG_LENGTH,
  type CheckInRequest,
  type CheckInResponse,
  type CheckInSearch,
  type CheckInSearchResponse,
} from "@shared/check-ins";
import { CONFIRMATION_CODE_ALPHABET, CONFIRMATION_CODE_LENGTH } from "@shared/tickets";
import { HttpError } from "../../lib/http-error";
import type { SignedTokens } from "../../lib/signed-token";
import type { AttendanceRepository } from "./attendance.repository";
import { toScanned, type CheckInsRepository, type FoundTicket, type TicketLookup } from "./check-ins.repository";
import { attendeesCsv, attendeesFilename } from "./attendees-csv";

const CODE_PATTERN = new RegExp(`^[${CONFIRMATION_CODE_ALPHABET}]{${CONFIRMATION_CODE_LENGTH}}$`);

/**
 * What the door typed or scanned, as a ticket reference. A QR code holds a signed token
 * (`<purchase id>.<signature>`, which a confirmation code never contains); a forged or altered
 * one points at nothing. A typed code is read in any case, with spaces or dashes anywhere.
 */
export function ticketLookup(code: string, ticketTokens: SignedTokens): TicketLookup | null {
  if (code.includes(".")) {
    const purchaseId = ticketTokens.verify(code);
    return purchaseId ? { purchaseId } : null;
  }
  const confirmationCode = code.toUpperCase().replace(/[\s-]+/g, "");
  return CODE_PATTERN.test(confirmationCode) ? { confirmationCode } : null;
}

/**
 * Why a ticket was not admitted. A checkout never paid (held, or released unpaid) is not a
 * ticket, so the door reads it as unknown. A ticket for another event is reported as such
 * whatever its state, since that is what the person at the door must act on; then the
 * ticket's own state (cancelled, already used), then its event's (cancelled, another day).
 * A ticket still admissible here was pending when the admission ran (paid a moment later):
 * unknown at that moment.
 */
export function explainRefusal(ticket: FoundTicket | undefined, eventId: string | undefined): CheckInResponse {
  if (!ticket || ticket.abandoned) return { result: "unknown" };
  const scanned = toScanned(ticket);
  if (eventId && ticket.eventId !== eventId) return { result: "wrong-event", ticket: scanned };
  if (ticket.status === "cancelled" || ticket.status === "refunded") return { result: "cancelled", ticket: scanned };
  if (ticket.status === "used") {
    return {
      result: "already-used",
      ticket: scanned,
      checkedInAt: ticket.checkedInAt?.toISOString() ?? null,
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
    checkIn(scannerId: string, { code, eventId }: CheckInRequest): Promise<CheckInResponse> {
      const request = {
        lookup: ticketLookup(code, ticketTokens),
        eventId,
        scannerId,
        loggedCode: code.slice(0, SCANNED_CODE_LOG_LENGTH),
      };
      return scans.scan(request, (ticket) => explainRefusal(ticket, eventId));
    },

    async summary(eventId: string) {
      const summary = await attendance.summary(eventId);
      if (!summary) throw HttpError.notFound("Event not found");
      return summary;
    },

    summaries: () => attendance.summaries(),

    async search({ q, eventId }: CheckInSearch): Promise<CheckInSearchResponse> {
      const rows = await attendance.searchByEmail(q, eventId);
      return rows.map((row) => ({ ...row, checkedInAt: row.checkedInAt?.toISOString() ?? null }));
    },

    async attendeesCsv(eventId: string) {
      const event = await attendance.findEvent(eventId);
      if (!event) throw HttpError.notFound("Event not found");
      return { filename: attendeesFilename(event), body: attendeesCsv(await attendance.attendees(eventId)) };
    },
  };
}

export type CheckInsService = ReturnType<typeof createCheckInsService>;
