import type { SignedTokens } from "./signed-token";

/**
 * What a ticket's QR code holds: the signed reference `<order id>/<ticket number>`, under the
 * tickets' key (signed-token.ts). Earlier QR codes, on paper and in e-mails already sent, hold
 * the order's id alone; they still scan, as the order's code does: the door admits its next
 * ticket (docs/decisions/030-one-code-per-ticket.md). Built from the order and the number, a
 * ticket's token needs no lookup, so e-mails, PDFs and My Tickets make the same one.
 */
export function signTicket(tokens: SignedTokens, orderId: string, position: number): string {
  return tokens.sign(`${orderId}/${position}`);
}

/** The order (and the ticket, for a per-ticket code) a scanned token points at; null when forged or altered. */
export function readTicketToken(
  tokens: SignedTokens,
  token: string,
): { orderId: string; position: number | null } | null {
  const reference = tokens.verify(token);
  if (!reference) return null;
  const slash = reference.lastIndexOf("/");
  if (slash < 0) return { orderId: reference, position: null };
  const position = Number(reference.slice(slash + 1));
  return Number.isInteger(position) && position >= 1 ? { orderId: reference.slice(0, slash), position } : null;
}

/** The QR tokens of an order's tickets, numbered from 1. */
export function signOrderTickets(tokens: SignedTokens, orderId: string, quantity: number) {
  return Array.from({ length: quantity }, (_, i) => ({ position: i + 1, token: signTicket(tokens, orderId, i + 1) }));
}
