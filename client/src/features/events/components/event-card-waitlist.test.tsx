import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import type { Event } from "@shared/events";
import { EventCard } from "./event-card";

const event = {
  id: "e1",
  name: "Neon Nights",
  artist: "Nova Reign",
  venue: "Warehouse 9",
  date: "2031-03-14",
  time: "20:00",
  timeZone: "UTC",
  description: null,
  imageUrl: null,
  totalTickets: 10,
  availableTickets: 0,
  ticketPrice: "20.00",
  maxPerOrder: 10,
  status: "sold-out",
} as unknown as Event;

describe("EventCard and the waiting list", () => {
  it("keeps 'Buy Tickets' disabled when sold out and offers 'Join the waiting list' beside it", async () => {
    const onJoin = vi.fn();
    render(<EventCard event={event} onBuy={vi.fn()} onJoinWaitlist={onJoin} />);
    expect(screen.getByRole("button", { name: "Buy Tickets for Neon Nights" })).toBeDisabled();
    await userEvent.click(screen.getByRole("button", { name: "Join the waiting list for Neon Nights" }));
    expect(onJoin).toHaveBeenCalledWith(event);
  });

  it("has no waiting list while tickets are on sale, or for a cancelled event", () => {
    const { rerender } = render(
      <EventCard
        event={{ ...event, status: "on-sale", availableTickets: 3 }}
        onBuy={vi.fn()}
        onJoinWaitlist={vi.fn()}
      />,
    );
    expect(screen.queryByRole("button", { name: /Join the waiting list/ })).toBeNull();
    rerender(<EventCard event={{ ...event, status: "cancelled" }} onBuy={vi.fn()} onJoinWaitlist={vi.fn()} />);
    expect(screen.queryByRole("button", { name: /Join the waiting list/ })).toBeNull();
  });
});
