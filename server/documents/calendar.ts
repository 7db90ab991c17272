import { getVtimezoneComponent } from "@touch4it/ical-timezones";
import ical, {
  type ICalCalendar,
  type ICalCalendarData,
  type ICalEventData,
  type ICalTemporalInstantStub,
  type ICalTemporalPlainDateTimeStub,
  type ICalTemporalZonedDateTimeStub,
} from "ical-generator";
import { isTimeZone } from "@shared/validation";
import { offsetMinutes, zonedStart } from "@shared/zoned-time";

// The .ics documents (the show feeds, a ticket's invitation) place entries at the venue's wall
// time with its IANA zone, as docs/decisions/018-show-pages.md describes: DTSTART;TZID=…, and a
// VTIMEZONE for each zone named, so every calendar shows the entry at the right moment.

interface WallTime {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

const pad = (n: number, width = 2) => String(n).padStart(width, "0");
const isoOf = (w: WallTime) =>
  `${pad(w.year, 4)}-${pad(w.month)}-${pad(w.day)}T${pad(w.hour)}:${pad(w.minute)}:${pad(w.second)}`;

/** The wall time a zone shows at an instant. */
function wallAt(epochMs: number, timeZone: string): WallTime {
  const shown = new Date(epochMs + offsetMinutes(new Date(epochMs), timeZone) * 60_000);
  return {
    year: shown.getUTCFullYear(),
    month: shown.getUTCMonth() + 1,
    day: shown.getUTCDate(),
    hour: shown.getUTCHours(),
    minute: shown.getUTCMinutes(),
    second: shown.getUTCSeconds(),
  };
}

function instantStub(epochMs: number): ICalTemporalInstantStub {
  const text = () => new Date(epochMs).toISOString();
  return {
    epochMilliseconds: epochMs,
    toJSON: text,
    toString: text,
    toZonedDateTimeISO: (timeZone) => zonedStub(wallAt(epochMs, timeZone), timeZone, epochMs),
  };
}

function plainStub(wall: WallTime): ICalTemporalPlainDateTimeStub {
  const text = () => isoOf(wall);
  const date = isoOf(wall).slice(0, 10);
  return {
    ...wall,
    toJSON: text,
    toString: text,
    toPlainDate: () => ({
      year: wall.year,
      month: wall.month,
      day: wall.day,
      toJSON: () => date,
      toString: () => date,
    }),
    toZonedDateTime: (timeZone) => {
      const instant = zonedStart(date, `${pad(wall.hour)}:${pad(wall.minute)}`, timeZone)!.instant.getTime();
      return zonedStub(wall, timeZone, instant);
    },
  };
}

/**
 * A wall time in a zone, in the shape ical-generator accepts for Temporal's ZonedDateTime: it
 * writes these fields after the TZID as they are. A JavaScript Date would be written in the
 * server's own zone's fields, which differ from the venue's wherever the two zones disagree
 * about daylight saving.
 */
function zonedStub(wall: WallTime, timeZoneId: string, epochMs: number): ICalTemporalZonedDateTimeStub {
  const text = () => `${isoOf(wall)}[${timeZoneId}]`;
  const stub: ICalTemporalZonedDateTimeStub = {
    ...wall,
    timeZoneId,
    toInstant: () => instantStub(epochMs),
    toPlainDateTime: () => plainStub(wall),
    withTimeZone: (timeZone) =>
      timeZone === timeZoneId ? stub : zonedStub(wallAt(epochMs, timeZone), timeZone, epochMs),
    toJSON: text,
    toString: text,
  };
  return stub;
}

/** A calendar that carries a VTIMEZONE, from the IANA rules, for every zone its entries name. */
export function venueCalendar(data: Omit<ICalCalendarData, "timezone">): ICalCalendar {
  return ical({ ...data, timezone: { name: null, generator: getVtimezoneComponent } });
}

export type VenueTimes = Pick<ICalEventData, "start" | "end" | "timezone" | "allDay">;

/**
 * When an entry is: a show entered as the venue's "YYYY-MM-DD" and "HH:MM" starts at that wall
 * time in `timeZone` and lasts `hours`; without a clock time ("Doors at dusk") it is an all-day
 * entry on its date. Undefined for a date that is not "YYYY-MM-DD" or an unknown zone.
 */
export function venueTimes(date: string, time: string, timeZone: string, hours: number): VenueTimes | undefined {
  if (!isTimeZone(timeZone)) return undefined;
  const start = zonedStart(date, time, timeZone);
  if (!start) return undefined;
  const day = date.trim();
  if (!start.timed) return { start: new Date(`${day}T00:00:00Z`), allDay: true };
  const [hour, minute] = time.trim().split(":").map(Number);
  const [year, month, dayOfMonth] = day.split("-").map(Number);
  const entered = { year, month, day: dayOfMonth, hour, minute, second: 0 };
  const startMs = start.instant.getTime();
  // The end is the moment `hours` later, as the venue's clock shows it.
  const endMs = startMs + hours * 3_600_000;
  return {
    start: zonedStub(entered, timeZone, startMs),
    end: zonedStub(wallAt(endMs, timeZone), timeZone, endMs),
    timezone: timeZone,
    allDay: false,
  };
}

/**
 * The calendar as text. Every line, the last included, ends with CRLF (RFC 5545 §3.1);
 * ical-generator leaves the final END:VCALENDAR without one, which strict parsers refuse.
 */
export function calendarText(calendar: ICalCalendar): string {
  const text = calendar.toString();
  return text.endsWith("\r\n") ? text : `${text}\r\n`;
}
