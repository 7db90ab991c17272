import { useState } from "react";
import { CalendarDays, Clock } from "lucide-react";
import { cn } from "@/lib/utils";
import { CALENDAR_DAY_NUMBERS, TIME_SLOTS, calendarMonth } from "../../data/bookings";

const CELL = "rounded-md border text-sm font-medium transition-colors outline-hidden focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 focus-visible:ring-offset-background";
const SELECTED = "border-primary bg-primary text-primary-foreground";
const OPEN = "bg-background/60 hover:bg-accent hover:text-accent-foreground";

/** SPEC.md §2.13 booking calendar: month header, days 1–31 and six time slots, all local. */
export function BookingCalendar({ today = new Date() }: { today?: Date }) {
  const month = calendarMonth(today);
  const monthName = month.toLocaleDateString("en-US", { month: "long", year: "numeric" });
  const [day, setDay] = useState<number | null>(null);
  const [slot, setSlot] = useState<string | null>(null);

  return (
    <div className="grid gap-6">
      <div>
        <h3 className="mb-3 flex items-center gap-2 font-semibold">
          <CalendarDays aria-hidden="true" className="size-4" />
          {monthName}
        </h3>
        <div role="group" aria-label={`Days of ${monthName}`} className="grid grid-cols-7 gap-1.5">
          {CALENDAR_DAY_NUMBERS.map((n) => (
            <button
              key={n}
              type="button"
              aria-pressed={day === n}
              aria-label={`${monthName.split(" ")[0]} ${n}`}
              onClick={() => setDay(n)}
              className={cn(CELL, "aspect-square", day === n ? SELECTED : OPEN)}
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
        {day && slot
          ? `Selected: ${monthName.split(" ")[0]} ${day} at ${slot}`
          : "Choose a day and an available time."}
      </p>
    </div>
  );
}
