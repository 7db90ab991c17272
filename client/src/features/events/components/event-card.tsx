import { Calendar, Clock, MapPin, Ticket } from "lucide-react";
import type { Event } from "@shared/events";
import { formatDay, formatTime } from "@shared/dates";
import { formatMoney } from "@shared/money";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { EventStatusBadge } from "./event-status-badge";

/** Buying is closed when the event is sold out or no ticket is left. */
export function canBuyTickets(event: Pick<Event, "status" | "availableTickets">): boolean {
  return event.status !== "sold-out" && event.availableTickets > 0;
}

/** One event of the tickets page. */
/** Sold out but still to come: the waiting list is open. */
export function canJoinWaitlist(event: Pick<Event, "status" | "availableTickets">): boolean {
  return !canBuyTickets(event) && (event.status === "sold-out" || event.status === "on-sale");
}

export function EventCard({
  event,
  onBuy,
  onJoinWaitlist,
}: {
  event: Event;
  onBuy: (event: Event) => void;
  onJoinWaitlist?: (event: Event) => void;
}) {
  return (
    <Card className="flex w-full flex-col overflow-hidden bg-card/90">
      {event.imageUrl && (
        <img
          src={event.imageUrl}
          alt={`${event.name} by ${event.artist}`}
          loading="lazy"
          className="aspect-video w-full bg-muted object-cover"
        />
      )}
      <div className="flex flex-1 flex-col gap-4 p-5">
        <div className="flex items-start justify-between gap-3">
          <div className="min-w-0">
            <h2 className="text-xl font-semibold leading-tight">{event.name}</h2>
            <p className="mt-1 text-muted-foreground">{event.artist}</p>
          </div>
          <EventStatusBadge status={event.status} />
        </div>
        <ul className="grid gap-1.5 text-sm">
          <li className="flex items-center gap-2">
            <Calendar aria-hidden="true" className="size-4 shrink-0 text-muted-foreground" />
            {formatDay(event, event.timeZone, "long")}
          </li>
          <li className="flex items-center gap-2">
            <Clock aria-hidden="true" className="size-4 shrink-0 text-muted-foreground" />
            {formatTime(event, event.timeZone)}
          </li>
          <li className="flex items-center gap-2">
            <MapPin aria-hidden="true" className="size-4 shrink-0 text-muted-foreground" />
            {event.venue}
          </li>
        </ul>
        {event.description && <p className="text-sm text-muted-foreground">{event.description}</p>}
        <div className="mt-auto grid gap-3 border-t pt-4">
          <div className="flex flex-wrap items-baseline justify-between gap-2 text-sm">
            <span>
              {event.availableTickets} / {event.totalTickets} tickets available
            </span>
            <span>
              <span className="text-lg font-semibold">{formatMoney(event.ticketPrice)}</span> per ticket
            </span>
          </div>
          <Button
            type="button"
            onClick={() => onBuy(event)}
            disabled={!canBuyTickets(event)}
            aria-label={`Buy Tickets for ${event.name}`}
          >
            <Ticket aria-hidden="true" />
            Buy Tickets
          </Button>
          {onJoinWaitlist && canJoinWaitlist(event) && (
            <Button
              type="button"
              variant="outline"
              onClick={() => onJoinWaitlist(event)}
              aria-label={`Join the waiting list for ${event.name}`}
            >
              Join the waiting list
            </Button>
          )}
        </div>
      </div>
    </Card>
  );
}
