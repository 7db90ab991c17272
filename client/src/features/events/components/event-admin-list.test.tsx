import { render, screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import type { Event } from "@shared/events";
import { EventAdminList } from "./event-admin-list";

const event: Event = {
  id: "22222222-2222-4222-8222-222222222222",
  name: "Neon Nights",
  artist: "Nova Reign",
  venue: "Riverside",
  date: "2027-03-14",
  time: "20:00",
  timeZone: "America/Chicago",
  description: null,
  imageUrl: null,
  totalTickets: 100,
  availableTickets: 60,
  ticketPrice: "65.00",
  status: "on-sale",
  maxPerOrder: 10,
  createdAt: "2026-01-01T00:00:00.000Z",
};

const noop = () => {};

describe("Manage Events list", () => {
  it("gives each event's time at its venue with the zone's short name, across a daylight-saving change", () => {
    const winter = { ...event, id: "33333333-3333-4333-8333-333333333333", name: "Frost Fest", date: "2027-01-09" };
    const london = {
      ...event,
      id: "44444444-4444-4444-8444-444444444444",
      name: "Thames Live",
      time: "19:30",
      timeZone: "Europe/London",
    };
    render(<EventAdminList events={[event, winter, london]} onEdit={noop} onDelete={noop} deletingId={null} />);
    const row = (name: string) => screen.getByRole("heading", { name }).closest("li")!;
    expect(
      within(row("Neon Nights")).getByText(/Sunday, March 14, 2027 at 8:00 PM CDT · Riverside/),
    ).toBeInTheDocument();
    expect(within(row("Frost Fest")).getByText(/Saturday, January 9, 2027 at 8:00 PM CST/)).toBeInTheDocument();
    expect(within(row("Thames Live")).getByText(/at 7:30 PM GMT/)).toBeInTheDocument();
  });

  it("shows a time that is not a clock time as entered, without a zone", () => {
    render(
      <EventAdminList events={[{ ...event, time: "Doors at dusk" }]} onEdit={noop} onDelete={noop} deletingId={null} />,
    );
    expect(screen.getByText(/at Doors at dusk · Riverside/)).toBeInTheDocument();
  });
});
