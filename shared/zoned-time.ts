// Wall-clock times at a venue, turned into real instants. Shows and events are entered as the
// venue's local "YYYY-MM-DD" and "HH:MM" plus an IANA time zone; calendars (.ics), search
// engines (JSON-LD) and "is this show over?" need the instant and its UTC offset. Plain Intl,
// so the browser and the server agree without a time-zone library.

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const CLOCK = /^(\d{1,2}):(\d{2})$/;

const formatters = new Map<string, Intl.DateTimeFormat>();
function partsFormatter(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat("en-US", {
      timeZone,
      hourCycle: "h23",
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      second: "2-digit",
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

/** The zone's offset from UTC at `instant`, in minutes (e.g. -240 for New York in summer). */
export function offsetMinutes(instant: Date, timeZone: string): number {
  const parts: Record<string, number> = {};
  for (const part of partsFormatter(timeZone).formatToParts(instant)) {
    if (part.type !== "literal") parts[part.type] = Number(part.value);
  }
  const asUtc = Date.UTC(parts.year, parts.month - 1, parts.day, parts.hour, parts.minute, parts.second);
  return Math.round((asUtc - Math.floor(instant.getTime() / 1000) * 1000) / 60_000);
}

/** The calendar day "YYYY-MM-DD" at `instant` in the zone. */
export function dayInZone(instant: Date, timeZone: string): string {
  const parts: Record<string, string> = {};
  for (const part of partsFormatter(timeZone).formatToParts(instant)) parts[part.type] = part.value;
  return `${parts.year}-${parts.month}-${parts.day}`;
}

export interface ZonedStart {
  /** The instant the show starts. */
  instant: Date;
  /** ISO 8601 with the venue's offset, e.g. "2031-03-14T20:00:00-04:00". */
  iso: string;
  /** Whether a clock time was given; without one the day starts at 00:00. */
  timed: boolean;
}

function isoWithOffset(local: { y: number; m: number; d: number; h: number; min: number }, offset: number): string {
  const pad = (n: number, width = 2) => String(Math.abs(n)).padStart(width, "0");
  const sign = offset < 0 ? "-" : "+";
  return (
    `${pad(local.y, 4)}-${pad(local.m)}-${pad(local.d)}T${pad(local.h)}:${pad(local.min)}:00` +
    `${sign}${pad(Math.trunc(Math.abs(offset) / 60))}:${pad(Math.abs(offset) % 60)}`
  );
}

/**
 * The start of a show entered as local date and time at the venue. Undefined when the date is
 * not "YYYY-MM-DD" (older rows keep free text); a time that is not "HH:MM" ("Doors at dusk")
 * starts the day. A wall time that does not exist (skipped by a daylight-saving change) moves
 * forward by the gap, as calendars do.
 */
export function zonedStart(date: string, time: string, timeZone: string): ZonedStart | undefined {
  const day = DATE.exec(date.trim());
  if (!day) return undefined;
  const clock = CLOCK.exec(time.trim());
  const timed = !!clock && Number(clock[1]) < 24 && Number(clock[2]) < 60;
  const local = {
    y: Number(day[1]),
    m: Number(day[2]),
    d: Number(day[3]),
    h: timed ? Number(clock![1]) : 0,
    min: timed ? Number(clock![2]) : 0,
  };
  const wallAsUtc = Date.UTC(local.y, local.m - 1, local.d, local.h, local.min);
  if (Number.isNaN(wallAsUtc)) return undefined;
  // The offsets in effect around the wall time. One that maps the wall time back to itself is
  // right (in a fall-back overlap both do: the earlier instant wins, as in RFC 5545); none does
  // inside a spring-forward gap, where the offset from before the change applies.
  const near = offsetMinutes(new Date(wallAsUtc), timeZone);
  const candidates = [...new Set([near, offsetMinutes(new Date(wallAsUtc - near * 60_000), timeZone)])];
  const consistent = candidates.filter((o) => offsetMinutes(new Date(wallAsUtc - o * 60_000), timeZone) === o);
  const offset = consistent.length > 0 ? Math.max(...consistent) : Math.min(...candidates);
  const instant = new Date(wallAsUtc - offset * 60_000);
  // The wall time as the zone shows that instant (differs from the input only inside a gap).
  const shownOffset = offsetMinutes(instant, timeZone);
  const shown = new Date(instant.getTime() + shownOffset * 60_000);
  const wall = {
    y: shown.getUTCFullYear(),
    m: shown.getUTCMonth() + 1,
    d: shown.getUTCDate(),
    h: shown.getUTCHours(),
    min: shown.getUTCMinutes(),
  };
  return { instant, iso: isoWithOffset(wall, shownOffset), timed };
}

/**
 * Whether a show is over for listing purposes: its day has ended at the venue. A show stays
 * listed through its whole day, and a date that is not "YYYY-MM-DD" is never called past.
 */
export function isPastShow(date: string, timeZone: string, now = new Date()): boolean {
  return DATE.test(date.trim()) && date.trim() < dayInZone(now, timeZone);
}

/** "2031-07-14" → "2031-07-15"; undefined for anything that is not "YYYY-MM-DD". */
function nextDay(date: string): string | undefined {
  const match = DATE.exec(date.trim());
  if (!match) return undefined;
  return new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]) + 1)).toISOString().slice(0, 10);
}

/** When the day ends in the zone (ms since the epoch): from then on isPastShow says the show is past. */
export function dayEndsAt(date: string, timeZone: string): number | undefined {
  const next = nextDay(date);
  return next ? zonedStart(next, "", timeZone)?.instant.getTime() : undefined;
}
