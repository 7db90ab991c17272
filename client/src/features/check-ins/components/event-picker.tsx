import type { EventResponse } from "@shared/events";
import { formatEventDate } from "@shared/dates";
import { Label } from "@/components/ui/label";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";

const ANY_EVENT = "any";

/** Which event this door admits for; with none chosen, any event's ticket is admitted. */
export function EventPicker({
  events,
  value,
  onChange,
}: {
  events: readonly EventResponse[];
  value: string | null;
  onChange: (eventId: string | null) => void;
}) {
  return (
    <div className="grid gap-2">
      <Label htmlFor="check-in-event">Event</Label>
      <Select value={value ?? ANY_EVENT} onValueChange={(next) => onChange(next === ANY_EVENT ? null : next)}>
        <SelectTrigger id="check-in-event" className="h-11">
          <SelectValue />
        </SelectTrigger>
        <SelectContent>
          <SelectItem value={ANY_EVENT}>Any event</SelectItem>
          {events.map((event) => (
            <SelectItem key={event.id} value={event.id}>
              {event.name} · {formatEventDate(event.date)}
            </SelectItem>
          ))}
        </SelectContent>
      </Select>
    </div>
  );
}
