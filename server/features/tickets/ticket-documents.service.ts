import { DEFAULT_LABEL_NAME } from "@shared/constants";
import { renderTicketCalendar } from "../../documents/ticket-calendar";
import { documentSlug, type TicketDocument } from "../../documents/ticket-document";
import type { DocumentRenderer } from "../../documents/document-renderer";
import { HttpError } from "../../lib/http-error";
import type { SignedTokens } from "../../lib/signed-token";
import { ticketPages } from "./ticket-messages";
import type { TicketOrdersRepository } from "./ticket-orders.repository";

/** Who asks for a ticket's documents: its buyer, or an administrator. */
export interface DocumentReader {
  id: string;
  role: string;
}

/**
 * The PDF tickets (a page per ticket) and the calendar invitation of one order, for its owner
 * or an administrator.
 * Anyone else, and any order that is not (or no longer) a valid ticket, gets 404, so the
 * answer does not tell strangers which orders exist.
 */
export function createTicketDocumentsService(
  repository: TicketOrdersRepository,
  tokens: SignedTokens,
  documents: DocumentRenderer,
  /** DEFAULT_TIME_ZONE: the venue's zone of an event older than its time-zone column. */
  defaultTimeZone = "UTC",
) {
  async function ticketFor(id: string, reader: DocumentReader): Promise<TicketDocument> {
    const order = await repository.details(id);
    const mayRead = order && (order.userId === reader.id || reader.role === "admin");
    if (!order || !mayRead || (order.status !== "confirmed" && order.status !== "used"))
      throw HttpError.notFound("Ticket not found");
    return {
      ...order,
      timeZone: order.timeZone ?? defaultTimeZone,
      purchaseId: order.id,
      discount: order.promoCode ? order.discountAmount : null,
      tickets: ticketPages(tokens, order),
    };
  }

  return {
    async pdf(id: string, reader: DocumentReader) {
      const ticket = await ticketFor(id, reader);
      const label = (await repository.labelName()) ?? DEFAULT_LABEL_NAME;
      return {
        filename: `ticket-${documentSlug(ticket.eventName)}.pdf`,
        content: await documents.ticketPdf(ticket, label),
      };
    },

    async calendar(id: string, reader: DocumentReader) {
      const ticket = await ticketFor(id, reader);
      return { filename: `${documentSlug(ticket.eventName)}.ics`, content: renderTicketCalendar(ticket) };
    },
  };
}
