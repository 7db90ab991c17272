import type { ShowTickets } from "@shared/shows";
import type { ShowFacts } from "./shows.service";
import { showDescription, showName } from "./show-text";

const SCHEMA = "https://schema.org/";

/** Tickets can be bought: not sold out, cancelled or over, and some are left. */
function onSale(tickets: ShowTickets): boolean {
  return tickets.availableTickets > 0 && !["sold-out", "cancelled", "completed"].includes(tickets.status);
}

/** A date without a clock time starts the day: search engines get the date alone. */
function startDate({ show }: ShowFacts): string | undefined {
  if (!show.startsAt) return undefined;
  return /^\d{1,2}:\d{2}$/.test(show.time.trim()) ? show.startsAt : show.startsAt.slice(0, 10);
}

/**
 * The show as a schema.org MusicEvent, for search engines' event listings. Undefined for a
 * free-text date: an event without a start date is not one they accept.
 */
export function musicEventJsonLd(
  facts: ShowFacts,
  urls: { page: string; home: string; image?: string },
): object | undefined {
  const { show, tickets, labelName } = facts;
  const start = startDate(facts);
  if (!start) return undefined;
  return {
    "@context": "https://schema.org",
    "@type": "MusicEvent",
    name: showName(show),
    description: showDescription(show, tickets),
    startDate: start,
    eventStatus: `${SCHEMA}${tickets?.status === "cancelled" ? "EventCancelled" : "EventScheduled"}`,
    eventAttendanceMode: `${SCHEMA}OfflineEventAttendanceMode`,
    location: { "@type": "Place", name: show.location, address: show.location },
    performer: { "@type": "MusicGroup", name: show.artistName },
    organizer: { "@type": "Organization", name: labelName, url: urls.home },
    url: urls.page,
    ...(urls.image ? { image: [urls.image] } : {}),
    ...(tickets
      ? {
          offers: {
            "@type": "Offer",
            url: urls.page,
            price: tickets.ticketPrice,
            priceCurrency: "USD",
            availability: `${SCHEMA}${onSale(tickets) ? "InStock" : "SoldOut"}`,
          },
        }
      : {}),
  };
}
