import { CALENDAR_DAYS } from "@shared/constants";

/** The booking form's option values, each shown with a readable name. */
export const EVENT_TYPES = [
  { value: "concert", label: "Concert" },
  { value: "private", label: "Private Event" },
  { value: "corporate", label: "Corporate Event" },
  { value: "festival", label: "Festival" },
] as const;

export const ACTS = [
  { value: "luna", label: "Luna Eclipse" },
  { value: "vortex", label: "The Vortex" },
  { value: "coastal", label: "Coastal Drift" },
  { value: "city", label: "City Lights Collective" },
] as const;

/** Six sample time slots; the unavailable ones cannot be chosen. */
export const TIME_SLOTS: readonly { time: string; available: boolean }[] = [
  { time: "10:00 AM", available: true },
  { time: "12:00 PM", available: false },
  { time: "2:00 PM", available: true },
  { time: "4:00 PM", available: true },
  { time: "6:00 PM", available: false },
  { time: "8:00 PM", available: false },
];

export const CALENDAR_DAY_NUMBERS = Array.from({ length: CALENDAR_DAYS }, (_, i) => i + 1);

/** Week starts on Sunday (en-US), so the header reads S M T W T F S. */
export const WEEKDAYS = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"] as const;

/** The calendar shows 31 days, so its header names the next month (from `today`) that has 31. */
export function calendarMonth(today: Date): Date {
  const month = new Date(today.getFullYear(), today.getMonth(), 1);
  while (new Date(month.getFullYear(), month.getMonth() + 1, 0).getDate() !== CALENDAR_DAYS) {
    month.setMonth(month.getMonth() + 1);
  }
  return month;
}
