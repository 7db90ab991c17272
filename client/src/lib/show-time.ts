// A show's start as people at the venue read it: "Sat, Jul 14, 2031 · 8:00 PM EDT". The day
// and clock are the venue's (its IANA zone), whatever zone the reader's device is in, and the
// zone's short name tells a traveller which clock that is.
import { formatEventTime, formatTourDay } from "@shared/dates";
import { zonedStart } from "@shared/zoned-time";

const CLOCK = /^\d{1,2}:\d{2}$/;
const formatters = new Map<string, { day: Intl.DateTimeFormat; time: Intl.DateTimeFormat }>();

function formattersFor(timeZone: string) {
  let pair = formatters.get(timeZone);
  if (!pair) {
    pair = {
      day: new Intl.DateTimeFormat("en-US", {
        timeZone,
        weekday: "short",
        month: "short",
        day: "numeric",
        year: "numeric",
      }),
      time: new Intl.DateTimeFormat("en-US", { timeZone, hour: "numeric", minute: "2-digit", timeZoneName: "short" }),
    };
    formatters.set(timeZone, pair);
  }
  return pair;
}

export interface ShowTimeParts {
  /** "Sat, Jul 14, 2031" (or the date as entered when it is free text). */
  day: string;
  /** "8:00 PM EDT" (or the time as entered when it is not a clock time). */
  time: string;
}

/**
 * The day and time of a show at its venue. `startsAt` (ISO with the venue's offset) is null
 * for a free-text date; then both are shown as entered.
 */
export function showTimeParts(show: { date: string; time: string; timeZone: string; startsAt: string | null }) {
  if (!show.startsAt) return { day: formatTourDay(show.date), time: formatEventTime(show.time) };
  const instant = new Date(show.startsAt);
  try {
    const { day, time } = formattersFor(show.timeZone);
    return {
      day: day.format(instant),
      time: CLOCK.test(show.time.trim()) ? time.format(instant) : show.time,
    } satisfies ShowTimeParts;
  } catch {
    // An unknown zone (never sent by the server, which checks it): the entered text.
    return { day: formatTourDay(show.date), time: formatEventTime(show.time) };
  }
}

/** "Sat, Jul 14, 2031 · 8:00 PM EDT". */
export function formatShowStart(show: Parameters<typeof showTimeParts>[0]): string {
  const { day, time } = showTimeParts(show);
  return `${day} · ${time}`;
}

/**
 * The same for a row that carries the venue's zone but not its start (a tour date or an event
 * as the management lists have them): "Sat, Jul 14, 2031" and "8:00 PM EDT".
 */
export function venueTimeParts(row: { date: string; time: string; timeZone: string | null }): ShowTimeParts {
  const timeZone = row.timeZone ?? "UTC";
  let startsAt: string | null = null;
  try {
    startsAt = zonedStart(row.date, row.time, timeZone)?.iso ?? null;
  } catch {
    // An unknown zone: shown as entered below.
  }
  return showTimeParts({ ...row, timeZone, startsAt });
}
