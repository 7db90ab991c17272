import type { ShowSummary } from "@shared/shows";
import { isTimeZone } from "@shared/validation";
import { dayEndsAt, dayInZone, isPastShow, zonedStart } from "@shared/zoned-time";
import type { ShowRow } from "./shows.repository";

/**
 * The ends of the world's offsets (UTC−12 and UTC+14; "Etc/GMT+12" is UTC−12): every venue's
 * calendar day lies between theirs, so rows dated before the first are past everywhere and
 * rows dated after the second are past nowhere.
 */
const WESTMOST = "Etc/GMT+12";
const EASTMOST = "Etc/GMT-14";
export const earliestDayAnywhere = (now: Date) => dayInZone(now, WESTMOST);
export const latestDayAnywhere = (now: Date) => dayInZone(now, EASTMOST);

/** The moment the latest calendar day anywhere turns: rows dated after it may start to matter. */
export const nextLatestDayAt = (now: Date) => dayEndsAt(latestDayAnywhere(now), EASTMOST)!;

const knownZones = new Map<string, boolean>();
/** The row's zone; the default for a row older than the column (or a zone this runtime lacks). */
export function zoneOf(timeZone: string | null, fallback: string): string {
  if (!timeZone) return fallback;
  let known = knownZones.get(timeZone);
  if (known === undefined) knownZones.set(timeZone, (known = isTimeZone(timeZone)));
  return known ? timeZone : fallback;
}

/** A show as the lists send it, with its start instant for sorting (undefined for free text). */
export interface PlacedShow {
  summary: ShowSummary;
  startsAt?: number;
}

export function placeShow(row: ShowRow, defaultZone: string, now: Date): PlacedShow {
  const timeZone = zoneOf(row.timeZone, defaultZone);
  const start = zonedStart(row.date, row.time, timeZone);
  return {
    summary: {
      id: row.id,
      artistName: row.artistName,
      date: row.date,
      time: row.time,
      location: row.location,
      timeZone,
      startsAt: start?.iso ?? null,
      past: isPastShow(row.date, timeZone, now),
      eventId: row.eventId,
    },
    startsAt: start?.instant.getTime(),
  };
}

/** Soonest first; free-text dates after every real one, in the rows' order. */
export function soonestFirst(a: PlacedShow, b: PlacedShow): number {
  return (a.startsAt ?? Infinity) - (b.startsAt ?? Infinity) || 0;
}

/** The earliest moment one of these shows, not yet past, becomes past. */
export function nextPastAt(shows: PlacedShow[]): number | undefined {
  const ends = shows
    .filter((show) => !show.summary.past)
    .map((show) => dayEndsAt(show.summary.date, show.summary.timeZone))
    .filter((end): end is number => end !== undefined);
  return ends.length > 0 ? Math.min(...ends) : undefined;
}
