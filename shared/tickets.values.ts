// The values the tickets tables store in their enumerated columns. The tables and the contract
// both read them from here, so neither imports the other.

/** Why an order was cancelled: its payment hold ran out, an administrator, or the event. */
export const TICKET_CANCEL_REASONS = ["expired", "admin", "event-cancelled"] as const;

export type TicketCancelReason = (typeof TICKET_CANCEL_REASONS)[number];
