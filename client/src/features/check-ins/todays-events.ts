import { doorDays } from "@shared/check-ins";
import type { Event } from "@shared/events";
import { zonedStart } from "@shared/zoned-time";

/** An event without a zone (a row older than zones, until the server fills it in at start) counts in UTC. */
const zoneOf = (event: Event) => event.timeZone ?? "UTC";

/** When the event starts, for ordering; a time that is not "HH:MM" starts its day. */
const startOf = (event: Event) => zonedStart(event.date, event.time, zoneOf(event))?.instant.getTime() ?? 0;

/**
 * The events a door admits for now: on today at their venue (in their own time zone, with last
 * night's show until early morning, as the server judges it) and not cancelled; the earliest
 * start first.
 */
export function todaysEvents(events: readonly Event[], now = new Date()): Event[] {
  return events
    .filter((event) => event.status !== "cancelled" && doorDays(zoneOf(event), now).includes(event.date))
    .sort((a, b) => startOf(a) - startOf(b) || a.name.localeCompare(b.name));
}
