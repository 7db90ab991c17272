import type { ShowTickets } from "@shared/shows";
import { offsetMinutes } from "@shared/zoned-time";
import { SHOW_HOURS } from "./show-calendar";
import type { ShowFacts } from "./shows.service";
import { showDescription, showName } from "./show-text";

const SCHEMA = "https://schema.org/";

/** Tickets can be bought: not sold out, cancelled or over, and some are left. */
function onSale(tickets: ShowTickets): boolean {
  return tickets.availableTickets > 0 && !["sold-out", "cancelled", "completed"].includes(tickets.status);
}

const timed = ({ show }: ShowFacts) => /^\d{1,2}:\d{2}$/.test(show.time.trim());

/** A date without a clock time starts the day: search engines get the date alone. */
function startDate(facts: ShowFacts): string | undefined {
  const { startsAt } = facts.show;
  if (!startsAt) return undefined;
  return timed(facts) ? startsAt : startsAt.slice(0, 10);
}

/** `instant` as ISO 8601 with the zone's offset at that moment ("2031-07-14T23:00:00-04:00"). */
function isoInZone(instant: Date, timeZone: string): string {
  const offset = offsetMinutes(instant, timeZone);
  const wall = new Date(instant.getTime() + offset * 60_000).toISOString().slice(0, 19);
  const hours = String(Math.trunc(Math.abs(offset) / 60)).padStart(2, "0");
  return `${wall}${offset < 0 ? "-" : "+"}${hours}:${String(Math.abs(offset) % 60).padStart(2, "0")}`;
}

/**
 * Shows carry no end time: a timed one lasts as long as its calendar entry (SHOW_HOURS), with
 * the venue's offset at its end (which may differ from the start's across a daylight-saving
 * change); one without a clock time is its day.
 */
function endDate(facts: ShowFacts, start: string): string {
  if (!timed(facts)) return start;
  return isoInZone(new Date(Date.parse(start) + SHOW_HOURS * 3_600_000), facts.show.timeZone);
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
    endDate: endDate(facts, start),
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
            ...(facts.ticketsOnSaleFrom ? { validFrom: facts.ticketsOnSaleFrom } : {}),
          },
        }
      : {}),
  };
}
