import { screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { CHECK_IN_SUMMARY_POLL_MS } from "@shared/check-ins";
import { checkInSummariesQuery } from "@/features/check-ins/api";
import { mockApi, renderPage } from "@/test/page-harness";
import { AdminEventsPage } from "./admin-events-page";

const stored = {
  id: "22222222-2222-4222-8222-222222222222",
  name: "Neon Nights",
  artist: "Nova Reign",
  venue: "Riverside",
  date: "2027-03-14",
  time: "20:00",
  description: null,
  imageUrl: null,
  totalTickets: 100,
  availableTickets: 60,
  ticketPrice: "65.00",
  status: "on-sale",
  createdAt: "2026-01-01T00:00:00.000Z",
};

afterEach(() => vi.unstubAllGlobals());

describe("the door's counts on Manage Events", () => {
  it("shows each event's check-in count, read again every few seconds, and its attendee CSV link", async () => {
    mockApi({
      "GET /api/events": () => [stored],
      "GET /api/events/check-in-summaries": () => [{ eventId: stored.id, soldTickets: 40, checkedInTickets: 12 }],
    });
    renderPage(<AdminEventsPage />, "/admin/events");
    const row = (await screen.findByRole("heading", { name: "Neon Nights" })).closest("li")!;
    expect(await within(row).findByText("12 of 40 tickets checked in")).toBeInTheDocument();
    expect(within(row).getByRole("link", { name: "Attendees CSV for Neon Nights" })).toHaveAttribute(
      "href",
      `/api/events/${stored.id}/attendees.csv`,
    );
    expect(checkInSummariesQuery.refetchInterval).toBe(CHECK_IN_SUMMARY_POLL_MS);
  });
});
