// Date and time display helpers shared by client pages. No database or validation imports:
// pages that only show dates should not download the schema code.

/**
 * "2027-03-14" as a local calendar day. new Date("2027-03-14") would be UTC midnight and show
 * the 13th west of UTC, so the date is built from its parts.
 */
export function parseLocalDate(date: string): Date | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  if (!match) return null;
  const day = new Date(Number(match[1]), Number(match[2]) - 1, Number(match[3]));
  return Number.isNaN(day.getTime()) ? null : day;
}

// Built once: toLocaleDateString builds a new formatter on every call, which shows in lists.
const longDay = new Intl.DateTimeFormat("en-US", { weekday: "long", month: "long", day: "numeric", year: "numeric" });
const shortDay = new Intl.DateTimeFormat("en-US", {
  weekday: "short",
  month: "short",
  day: "numeric",
  year: "numeric",
});

/** "2027-03-14" → "Sunday, March 14, 2027" (the tickets page's long format); other text unchanged. */
export function formatEventDate(date: string): string {
  const day = parseLocalDate(date);
  return day ? longDay.format(day) : date;
}

/** "2026-05-02" → "Sat, May 2, 2026"; other text unchanged. */
export function formatTourDay(date: string): string {
  const day = parseLocalDate(date);
  return day ? shortDay.format(day) : date;
}

/** "20:00" → "8:00 PM"; any other text is shown as entered. */
export function formatEventTime(time: string): string {
  const match = /^(\d{1,2}):(\d{2})$/.exec(time);
  if (!match || Number(match[1]) > 23) return time;
  const hours = Number(match[1]);
  return `${hours % 12 || 12}:${match[2]} ${hours < 12 ? "AM" : "PM"}`;
}

// Instants (an order placed, a ticket used) in the reader's own time zone.
const shortInstant = new Intl.DateTimeFormat("en-US", {
  month: "short",
  day: "numeric",
  hour: "numeric",
  minute: "2-digit",
});
const shortInstantWithYear = new Intl.DateTimeFormat("en-US", {
  month: "short",
  day: "numeric",
  year: "numeric",
  hour: "numeric",
  minute: "2-digit",
});
const instantDay = new Intl.DateTimeFormat("en-US", { month: "short", day: "numeric", year: "numeric" });

/** "Nov 25, 6:02 PM" this year, "Nov 25, 2025, 6:02 PM" another year; local time. */
export function formatInstant(iso: string, now = new Date()): string {
  const at = new Date(iso);
  if (Number.isNaN(at.getTime())) return iso;
  return (at.getFullYear() === now.getFullYear() ? shortInstant : shortInstantWithYear).format(at);
}

/** "Nov 25, 2025": the local day of an instant. */
export function formatInstantDay(iso: string): string {
  const at = new Date(iso);
  return Number.isNaN(at.getTime()) ? iso : instantDay.format(at);
}
