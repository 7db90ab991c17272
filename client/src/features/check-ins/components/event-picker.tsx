import { Check } from "lucide-react";
import type { Event } from "@shared/events";
import { formatTime } from "@shared/dates";
import { Button } from "@/components/ui/button";

function Choice({ pressed, onSelect, children }: { pressed: boolean; onSelect: () => void; children: string }) {
  return (
    <Button
      type="button"
      variant={pressed ? "default" : "outline"}
      aria-pressed={pressed}
      onClick={onSelect}
      className="h-auto min-h-11 justify-start whitespace-normal py-2 text-left text-base"
    >
      {pressed && <Check aria-hidden="true" />}
      {children}
    </Button>
  );
}

/**
 * Which of today's events this door admits for, one tap each. With several, "Any of today's
 * events" stands until one is chosen; the server refuses tickets of other days either way.
 */
export function EventPicker({
  events,
  value,
  onChange,
}: {
  /** Today's events at their venues (see todaysEvents). */
  events: readonly Event[];
  value: string | null;
  onChange: (eventId: string | null) => void;
}) {
  if (events.length === 0) {
    return (
      <div className="grid gap-1">
        <h2 className="text-sm font-medium">Event</h2>
        <p className="text-lg font-semibold">No events today.</p>
        <p className="text-muted-foreground">Tickets are admitted only on their event's day.</p>
      </div>
    );
  }
  return (
    <div role="group" aria-labelledby="check-in-event" className="grid gap-2">
      <h2 id="check-in-event" className="text-sm font-medium">
        Today's events
      </h2>
      <div className="grid gap-2">
        {events.length > 1 && (
          <Choice pressed={value === null} onSelect={() => onChange(null)}>
            Any of today's events
          </Choice>
        )}
        {events.map((event) => (
          <Choice key={event.id} pressed={value === event.id} onSelect={() => onChange(event.id)}>
            {`${event.name} · ${formatTime(event, event.timeZone)} · ${event.venue}`}
          </Choice>
        ))}
      </div>
    </div>
  );
}
