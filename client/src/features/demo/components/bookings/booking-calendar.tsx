import { useState } from "react";
import { CalendarDays, Clock } from "lucide-react";
import { formatDay, viewerTimeZone } from "@shared/dates";
import { cn } from "@/lib/utils";
import { CALENDAR_DAY_NUMBERS, TIME_SLOTS, WEEKDAYS, calendarMonth } from "../../data/bookings";

const CELL =
  "rounded-md border text-sm font-medium transition-colors outline-hidden focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 focus-visible:ring-offset-background";
const SELECTED = "border-primary bg-primary text-primary-foreground";
const OPEN = "bg-background/60 hover:bg-accent hover:text-accent-foreground";

/** Booking calendar: month header, weekday initials, days 1–31 under their weekdays, and six time slots, all local. */
export function BookingCalendar({ today = new Date() }: { today?: Date }) {
  const month = calendarMonth(today);
  const monthName = formatDay(month, viewerTimeZone(), "month-year");
  const monthOnly = formatDay(month, viewerTimeZone(), "month");
  // Day 1 sits under its own weekday; the rest follow on in a 7-column grid.
  const firstWeekday = month.getDay();
  const [day, setDay] = useState<number | null>(null);
  const [slot, setSlot] = useState<string | null>(null);

  return (
    <div className="grid gap-6">
      <div className="w-full max-w-sm">
        <h3 className="mb-3 flex items-center gap-2 font-semibold">
          <CalendarDays aria-hidden="true" className="size-4" />
          {monthName}
        </h3>
        {/* Screen readers hear each day's weekday in its button name instead. */}
        <div
          aria-hidden="true"
          data-testid="weekday-header"
          className="mb-1.5 grid grid-cols-7 gap-1.5 text-center text-xs font-medium text-muted-foreground"
        >
          {WEEKDAYS.map((weekday) => (
            <span key={weekday} title={weekday}>
              {weekday[0]}
            </span>
          ))}
        </div>
        <div role="group" aria-label={`Days of ${monthName}`} className="grid grid-cols-7 gap-1.5">
          {CALENDAR_DAY_NUMBERS.map((n) => (
            <button
              key={n}
              type="button"
              aria-pressed={day === n}
              aria-label={`${WEEKDAYS[(firstWeekday + n - 1) % 7]}, ${monthOnly} ${n}`}
              onClick={() => setDay(n)}
              style={n === 1 ? { gridColumnStart: firstWeekday + 1 } : undefined}
              className={cn(CELL, "h-10 min-w-0 tabular-nums", day === n ? SELECTED : OPEN)}
            >
              {n}
            </button>
          ))}
        </div>
      </div>
      <div>
        <h3 className="mb-3 flex items-center gap-2 font-semibold">
          <Clock aria-hidden="true" className="size-4" />
          Available times
        </h3>
        <div role="group" aria-label="Time slots" className="grid grid-cols-2 gap-2 sm:grid-cols-3">
          {TIME_SLOTS.map(({ time, available }) => (
            <button
              key={time}
              type="button"
              disabled={!available}
              aria-pressed={slot === time}
              aria-label={available ? undefined : `${time} (unavailable)`}
              onClick={() => setSlot(time)}
              className={cn(
                CELL,
                "px-3 py-2",
                !available && "cursor-not-allowed border-dashed text-muted-foreground line-through opacity-60",
                available && (slot === time ? SELECTED : OPEN),
              )}
            >
              {time}
            </button>
          ))}
        </div>
      </div>
      <p role="status" aria-live="polite" className="text-sm text-muted-foreground">
        {day && slot ? `Selected: ${monthOnly} ${day} at ${slot}` : "Choose a day and an available time."}
      </p>
    </div>
  );
}
