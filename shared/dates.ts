// Every date and time the app shows, written by three formatters: a calendar day (formatDay),
// a time (formatTime) and a day with its time (formatDayTime). Each takes the zone to show it
// in: the venue's for shows, events and tickets, the reader's own (viewerTimeZone) for instants
// such as "sent at" or "paid at". Plain Intl, no database or validation imports: pages that only
// show dates do not download the schema code, and the server writes the same words.
import { zonedStart } from "./zoned-time";

/**
 * A show's, an event's or a ticket's start as it was entered: the venue's calendar day
 * "YYYY-MM-DD" and clock "HH:MM" (older rows may hold free text in either).
 */
export interface WallTime {
  date: string;
  time: string;
}

/**
 * What the formatters accept: an instant (a Date or an ISO 8601 text), a calendar day
 * "YYYY-MM-DD" (already a day, shown as that day in every zone), or a venue's wall time.
 * Text that is none of these is shown as it is.
 */
export type When = Date | string | WallTime;

/**
 * How a day reads:
 * - "long": "Sunday, March 14, 2027" (the tickets pages, e-mails and PDFs);
 * - "weekday": "Sat, May 2, 2026" (tour dates and show pages);
 * - "short": "Mar 14, 2027" (invoices, page titles, lists of instants);
 * - "date": "March 14, 2027" (royalty periods, statements and advances: no weekday to read past);
 * - "month-year" and "month": "March 2027" and "March" (a calendar's heading).
 */
export type DayStyle = "long" | "weekday" | "short" | "date" | "month-year" | "month";

const DAY_OPTIONS: Record<DayStyle, Intl.DateTimeFormatOptions> = {
  long: { weekday: "long", month: "long", day: "numeric", year: "numeric" },
  weekday: { weekday: "short", month: "short", day: "numeric", year: "numeric" },
  short: { month: "short", day: "numeric", year: "numeric" },
  date: { month: "long", day: "numeric", year: "numeric" },
  "month-year": { month: "long", year: "numeric" },
  month: { month: "long" },
};

const CALENDAR_DAY = /^(\d{4})-(\d{2})-(\d{2})$/;
const CLOCK = /^(\d{1,2}):(\d{2})$/;
const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}/;

/** The zone of this device ("America/New_York"): where a reader reads "sent at" or "paid at". */
export function viewerTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || "UTC";
}

/** Whether this runtime knows the zone (an unknown one must not break a page). */
export function isKnownTimeZone(zone: string | null | undefined): zone is string {
  if (!zone) return false;
  try {
    formatter({ timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

// Built once per zone and style: toLocaleString builds a new formatter on every call, which
// shows in long lists.
const formatters = new Map<string, Intl.DateTimeFormat>();
function formatter(options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = JSON.stringify(options);
  let found = formatters.get(key);
  if (!found) {
    found = new Intl.DateTimeFormat("en-US", options);
    formatters.set(key, found);
  }
  return found;
}

/** The zone to format in: a known zone, else the runtime's own (named, so the cache keys on it). */
const usable = (zone: string | null | undefined) => (isKnownTimeZone(zone) ? zone : viewerTimeZone());

function isWallTime(when: When): when is WallTime {
  return typeof when === "object" && !(when instanceof Date);
}

/** "2027-03-14" → noon UTC that day, formatted in UTC so no zone moves it; null otherwise. */
function calendarDay(text: string): Date | null {
  const match = CALENDAR_DAY.exec(text.trim());
  if (!match) return null;
  const day = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]), 12));
  return Number.isNaN(day.getTime()) ? null : day;
}

/** An instant: a Date, or ISO 8601 with its time ("2031-07-14T20:00:00Z", or a space for the T); free text is not one. */
function instant(when: Date | string): Date | null {
  if (typeof when === "string" && !ISO_INSTANT.test(when.trim())) return null;
  const at = when instanceof Date ? when : new Date(when);
  return Number.isNaN(at.getTime()) ? null : at;
}

/** The instant a wall time starts at in the zone, when its day, clock and zone are all known. */
function wallInstant(wall: WallTime, zone: string | null | undefined): Date | null {
  if (!isKnownTimeZone(zone) || !CLOCK.test(wall.time.trim())) return null;
  const start = zonedStart(wall.date, wall.time, zone);
  return start?.timed ? start.instant : null;
}

/** "20:00" → "8:00 PM" (a clock with no day or zone to place it); other text as entered. */
function wallClock(time: string): string {
  const match = CLOCK.exec(time.trim());
  if (!match || Number(match[1]) > 23 || Number(match[2]) > 59) return time;
  const hours = Number(match[1]);
  return `${hours % 12 || 12}:${match[2]} ${hours < 12 ? "AM" : "PM"}`;
}

/**
 * A calendar day: "Sunday, March 14, 2027", "Sat, May 2, 2026" or "Mar 14, 2027" (see
 * DayStyle). A day "YYYY-MM-DD" or a wall time's day is shown as that day; an instant is shown
 * as the day it is in `zone` (the runtime's own when the zone is missing or unknown).
 */
export function formatDay(when: When, zone: string | null | undefined, style: DayStyle = "short"): string {
  const text = isWallTime(when) ? when.date : when;
  const day = typeof text === "string" ? calendarDay(text) : null;
  if (day) return formatter({ ...DAY_OPTIONS[style], timeZone: "UTC" }).format(day);
  const at = isWallTime(when) ? null : instant(text);
  if (!at) return typeof text === "string" ? text : String(text);
  return formatter({ ...DAY_OPTIONS[style], timeZone: usable(zone) }).format(at);
}

/**
 * Two calendar days "YYYY-MM-DD" as a span, both counted: "January 1 – March 31, 2026", the
 * year written once when both days share it, else "December 1, 2025 – January 31, 2026". Built
 * from formatDay rather than Intl's formatRange, whose spacing around the dash varies by runtime.
 */
export function formatDayRange(start: string, end: string): string {
  const first = calendarDay(start);
  const sameYear = first !== null && calendarDay(end) !== null && start.trim().slice(0, 4) === end.trim().slice(0, 4);
  const from = sameYear
    ? formatter({ month: "long", day: "numeric", timeZone: "UTC" }).format(first)
    : formatDay(start, null, "date");
  return `${from} – ${formatDay(end, null, "date")}`;
}

/**
 * A time: "8:00 PM EDT". A wall time is the venue's clock, named with its zone's short name
 * (a reader may be elsewhere) unless `zoneName` is false; without a day or a known zone to
 * place it, the clock alone ("8:00 PM"), and text that is not "HH:MM" as entered. An instant is
 * shown in `zone`, its name only when asked for.
 */
export function formatTime(when: When, zone: string | null | undefined, options: { zoneName?: boolean } = {}): string {
  if (isWallTime(when) || (typeof when === "string" && CLOCK.test(when.trim()))) {
    const wall = isWallTime(when) ? when : { date: "", time: when };
    const at = wallInstant(wall, zone);
    if (!at) return wallClock(wall.time);
    return clockAt(at, zone!, options.zoneName ?? true);
  }
  const at = instant(when);
  if (!at) return String(when);
  return clockAt(at, usable(zone), options.zoneName ?? false);
}

function clockAt(at: Date, zone: string, zoneName: boolean): string {
  return formatter({
    timeZone: zone,
    hour: "numeric",
    minute: "2-digit",
    ...(zoneName ? { timeZoneName: "short" } : {}),
  }).format(at);
}

export interface DayTimeOptions {
  /** An instant's year: shown always (the default), or only when it is not `now`'s year. */
  year?: "always" | "other-years";
  now?: Date;
  /** Name the zone after the time; a wall time names it unless this is false. */
  zoneName?: boolean;
  /** A wall time's day (default "weekday") and what joins it to the time (default " · "). */
  style?: DayStyle;
  join?: string;
}

/**
 * A day and its time. An instant: "Nov 25, 2025, 6:02 PM" in `zone` (the reader's for "sent
 * at", "paid at"). A wall time at a venue: "Sat, Jul 14, 2031 · 8:00 PM EDT", the venue's day
 * and clock whatever zone the reader is in, with the style and joining words asked for.
 */
export function formatDayTime(when: When, zone: string | null | undefined, options: DayTimeOptions = {}): string {
  if (isWallTime(when)) {
    const wallZone = options.zoneName === false ? { zoneName: false } : {};
    return `${formatDay(when, zone, options.style ?? "weekday")}${options.join ?? " · "}${formatTime(when, zone, wallZone)}`;
  }
  const at = instant(when);
  if (!at) return String(when);
  const timeZone = usable(zone);
  const omitYear =
    options.year === "other-years" &&
    formatter({ timeZone, year: "numeric" }).format(at) ===
      formatter({ timeZone, year: "numeric" }).format(options.now ?? new Date());
  return formatter({
    timeZone,
    month: "short",
    day: "numeric",
    ...(omitYear ? {} : { year: "numeric" }),
    hour: "numeric",
    minute: "2-digit",
    ...(options.zoneName ? { timeZoneName: "short" } : {}),
  }).format(at);
}

/**
 * "2027-03-14" as a local calendar day (midnight in the runtime's zone). new Date("2027-03-14")
 * would be UTC midnight and fall on the 13th west of UTC, so the date is built from its parts.
 */
export function parseLocalDate(date: string): Date | null {
  const match = CALENDAR_DAY.exec(date);
  if (!match) return null;
  const day = new Date(Number(match[1]), Number(match[2]) - 1, Number(match[3]));
  return Number.isNaN(day.getTime()) ? null : day;
}

const twoDigits = (n: number) => String(n).padStart(2, "0");

/**
 * "2027-03-14": the calendar day `at` falls on in the runtime's zone (today by default), as a
 * date input shows it. `toISOString().slice(0, 10)` would be UTC's day, a day off near midnight.
 * The inverse of parseLocalDate.
 */
export function localDate(at: Date = new Date()): string {
  return `${at.getFullYear()}-${twoDigits(at.getMonth() + 1)}-${twoDigits(at.getDate())}`;
}

/** "2027-03-14T20:05": `at` in the runtime's zone, as a datetime-local input's value. */
export function localDateTime(at: Date): string {
  return `${localDate(at)}T${twoDigits(at.getHours())}:${twoDigits(at.getMinutes())}`;
}

/**
 * The UTC calendar day "YYYY-MM-DD" of an instant (a Date or an ISO 8601 text): the day files and
 * exports are stamped with, the same on every server whatever its zone.
 */
export function utcDay(when: Date | string): string {
  return (when instanceof Date ? when : new Date(when)).toISOString().slice(0, 10);
}
