import { isNull } from "drizzle-orm";
import { events } from "@shared/events.table";
import { tourDates } from "@shared/tour-dates.table";
import type { Executor } from "./database";

/**
 * Gives every show and event older than their time-zone column the configured zone
 * (DEFAULT_TIME_ZONE), once at start, after the migrations and the demo content. One UPDATE per
 * table touching only NULLs: instances starting together each run it, and whoever comes second
 * finds nothing left, so it is safe without a lock. Returns how many rows were filled.
 */
export async function fillMissingTimeZones(db: Executor, timeZone: string): Promise<number> {
  const shows = await db.update(tourDates).set({ timeZone }).where(isNull(tourDates.timeZone));
  const filledEvents = await db.update(events).set({ timeZone }).where(isNull(events.timeZone));
  return (shows.rowCount ?? 0) + (filledEvents.rowCount ?? 0);
}
