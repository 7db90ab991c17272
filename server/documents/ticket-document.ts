import { slugify } from "@shared/slugs";

/** What a ticket document prints: the order as its holder shows it at the door. */
export interface TicketDocument {
  purchaseId: string;
  eventName: string;
  artist: string;
  /** yyyy-mm-dd */
  date: string;
  /** As the administrator entered it: "19:30", or free text such as "Doors at dusk". */
  time: string;
  venue: string;
  /** The venue's IANA zone; absent only in messages queued before tickets recorded it. */
  timeZone?: string;
  holderName: string;
  quantity: number;
  confirmationCode: string;
  /** The promo code the order used and what it took off the order; absent without one. */
  promoCode?: string | null;
  discount?: string | null;
  /**
   * The order's tickets, one page each: its number, typed code and what its QR code encodes
   * (docs/decisions/030-one-code-per-ticket.md).
   */
  tickets: { position: number; code: string; token: string }[];
}

/** A safe file name for the event: "blue-hour-sessions". */
export function documentSlug(eventName: string): string {
  return slugify(eventName, 60) || "ticket";
}
