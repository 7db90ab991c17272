import type { ReactNode } from "react";
import type { Event } from "@shared/events";
import { formatDayTime } from "@shared/dates";
import { formatMoney } from "@shared/money";
import { EmptyList, RowActions } from "@/components/management";
import { EventStatusBadge } from "./event-status-badge";

/**
 * Every event, in the order the tickets page shows them, with edit and delete. `details`
 * adds a line under an event's figures (the page puts the door's check-in count there);
 * `orders` renders what the page adds below each event (its ticket orders).
 */
export function EventAdminList({
  events,
  onEdit,
  onDelete,
  deletingId,
  details,
  orders,
}: {
  events: readonly Event[];
  onEdit: (event: Event) => void;
  onDelete: (event: Event) => void;
  deletingId: string | null;
  details?: (event: Event) => ReactNode;
  orders?: (event: Event) => ReactNode;
}) {
  if (events.length === 0) {
    return <EmptyList>No events yet. Click "Add Event" to create one.</EmptyList>;
  }
  return (
    <ul className="grid gap-3">
      {events.map((event) => (
        <li key={event.id} className="grid gap-3 rounded-lg border bg-card/90 p-4 shadow-sm">
          <div className="flex flex-col gap-4 sm:flex-row sm:items-center">
            <div className="min-w-0 flex-1 space-y-1">
              <div className="flex flex-wrap items-center gap-2">
                <h2 className="text-lg font-semibold">{event.name}</h2>
                <EventStatusBadge status={event.status} />
              </div>
              <p className="text-sm text-muted-foreground">
                {event.artist} · {formatDayTime(event, event.timeZone, { style: "long", join: " at " })} · {event.venue}
              </p>
              <p className="text-sm">
                {event.availableTickets} / {event.totalTickets} tickets available ·{" "}
                {event.totalTickets - event.availableTickets} sold · {formatMoney(event.ticketPrice)} per ticket · up to{" "}
                {event.maxPerOrder} per order
              </p>
              {details?.(event)}
            </div>
            <RowActions
              name={event.name}
              onEdit={() => onEdit(event)}
              onDelete={() => onDelete(event)}
              deleting={deletingId === event.id}
            />
          </div>
          {orders?.(event)}
        </li>
      ))}
    </ul>
  );
}
