// A show is a tour date as the public sees it: its own page (/shows/{id}), calendar feeds and
// the lists on the landing, the vendor-booking page and the artist gallery's archive.
// Types only, plus the paths: the pages that show shows download no schema code.
import type { VendorSlotAvailability } from "./vendor-slots";

export const SHOW_PAGE_ROUTE = "/shows/:id";
export const showPagePath = (id: string) => `/shows/${encodeURIComponent(id)}`;
/** Every upcoming show, as iCalendar (subscribe with webcal://). */
export const SHOWS_FEED_PATH = "/api/shows.ics";
export const showFeedPath = (id: string) => `/api/shows/${encodeURIComponent(id)}.ics`;

/** GET /api/shows (upcoming, soonest first) and GET /api/shows/past (the archive, latest first). */
export interface ShowSummary {
  id: string;
  artistName: string;
  /** As entered: "YYYY-MM-DD" and "HH:MM" at the venue (older rows may hold free text). */
  date: string;
  time: string;
  location: string;
  /** IANA zone of the venue. */
  timeZone: string;
  /** The start with the venue's offset ("2031-03-14T20:00:00-04:00"); null for a free-text date. */
  startsAt: string | null;
  /** The day has ended at the venue. */
  past: boolean;
  /** The event whose tickets the show sells, if any. */
  eventId: string | null;
}

/** The linked event's ticket facts, for the show page's ticket link and the JSON-LD offer. */
export interface ShowTickets {
  eventId: string;
  eventName: string;
  /** Decimal string, e.g. "25.00". */
  ticketPrice: string;
  availableTickets: number;
  /** The event's status (upcoming, on-sale, sold-out, cancelled, completed). */
  status: string;
  imageUrl: string | null;
}

/** GET /api/shows/{id}: everything the show page shows. */
export interface ShowDetail extends ShowSummary {
  tickets: ShowTickets | null;
  /** Per spot type, in the order standard, premium, deluxe. Empty for a past show. */
  vendorSlots: VendorSlotAvailability[];
  /** The same artist's upcoming shows, other than this one (soonest first, at most 5). */
  moreByArtist: ShowSummary[];
}
