const DAY: Intl.DateTimeFormatOptions = { month: "short", day: "numeric", year: "numeric" };

/** The zone, if this browser knows it (the page must not fail over an unknown name). */
function knownZone(timeZone: string | null | undefined): string | undefined {
  if (!timeZone) return undefined;
  try {
    new Intl.DateTimeFormat("en-US", { timeZone });
    return timeZone;
  } catch {
    return undefined;
  }
}

/**
 * An invoice's day as every part of its page shows it: "Mar 14, 2027". Its issue and due days
 * are read in the invoice's own time zone (the member's, as on its PDF); without one, in this
 * browser's.
 */
export function formatInvoiceDate(iso: string, timeZone?: string | null): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return date.toLocaleDateString("en-US", { ...DAY, timeZone: knownZone(timeZone) });
}

/** A calendar day written "YYYY-MM-DD" (a payment's day), in the same words: "Mar 14, 2027". */
export function formatInvoiceDay(day: string): string {
  return /^\d{4}-\d{2}-\d{2}$/.test(day) ? formatInvoiceDate(`${day}T12:00:00Z`, "UTC") : day;
}

/** A moment of the timeline: the same day, then the time here ("Mar 14, 2027, 3:05 PM"). */
export function formatInvoiceMoment(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  const time = date.toLocaleTimeString("en-US", { hour: "numeric", minute: "2-digit" });
  return `${formatInvoiceDate(iso)}, ${time}`;
}
