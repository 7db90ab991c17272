import { isTimeZone } from "@shared/validation";
import { dayEndsAt, dayInZone, zonedStart } from "@shared/zoned-time";

// An invoice's dates are days in its time zone (the member's, recorded with them): the form
// sends the start of the issue day and the end of the due day there, so an invoice due today is
// overdue only once the member's day is over. Dates the server sets follow the same rule.

/** The invoice's zone; UTC for an invoice without one (or one this runtime does not know). */
const zoneOf = (timeZone: string | null | undefined) => (timeZone && isTimeZone(timeZone) ? timeZone : "UTC");

const addDays = (day: string, days: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

/** Issued at `now`: from the start of that day to the end of the day `dueDays` later, in the invoice's zone. */
export function issuedAt(now: Date, dueDays: number, timeZone: string | null | undefined) {
  const zone = zoneOf(timeZone);
  const today = dayInZone(now, zone);
  return {
    issueDate: zonedStart(today, "", zone)!.instant,
    dueDate: new Date(dayEndsAt(addDays(today, dueDays), zone)! - 1),
  };
}

/** "Paid on 2031-03-14": noon that day in the invoice's zone, which shows as that day there. */
export function paidOnDay(day: string, timeZone: string | null | undefined): Date {
  return zonedStart(day, "12:00", zoneOf(timeZone))?.instant ?? new Date(`${day}T12:00:00Z`);
}
