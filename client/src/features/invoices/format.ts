import { formatDay, formatDayTime, viewerTimeZone } from "@shared/dates";

/**
 * An invoice's day as every part of its page shows it: "Mar 14, 2027". Its issue and due days
 * are read in the invoice's own time zone (the member's, as on its PDF); without one, or with
 * one this browser does not know, in this browser's.
 */
export function formatInvoiceDate(iso: string, timeZone?: string | null): string {
  return formatDay(iso, timeZone ?? viewerTimeZone());
}

/** A calendar day written "YYYY-MM-DD" (a payment's day), in the same words: "Mar 14, 2027". */
export function formatInvoiceDay(day: string): string {
  return formatDay(day, null);
}

/** A moment of the timeline, in this browser's zone: "Mar 14, 2027, 3:05 PM". */
export function formatInvoiceMoment(iso: string): string {
  return formatDayTime(iso, viewerTimeZone());
}
