import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { CHECK_IN_SUMMARY_POLL_MS } from "@shared/check-ins";
import { checkInSummariesQuery } from "@/features/check-ins/api";
import { adminUser, json, memberUser, mockApi, renderPage } from "@/test/page-harness";
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

describe("Manage Events page", () => {
  it("tells a member that administrator access is required", async () => {
    mockApi({ "GET /api/events": () => [stored] }, memberUser);
    renderPage(<AdminEventsPage />, "/admin/events");
    expect(await screen.findByRole("heading", { name: "Administrator access required" })).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Add Event" })).toBeNull();
  });

  it("creates an event from the dialog with the shared schema's values", async () => {
    const user = userEvent.setup();
    const calls = mockApi({ "GET /api/events": () => [], "POST /api/events": () => json(stored, 201) }, adminUser);
    renderPage(<AdminEventsPage />, "/admin/events");
    expect(await screen.findByText('No events yet. Click "Add Event" to create one.')).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Add Event" }));
    const dialog = within(await screen.findByRole("dialog", { name: "Add Event" }));

    await user.click(dialog.getByRole("button", { name: "Create" }));
    expect(await dialog.findAllByText("Required")).not.toHaveLength(0);

    for (const [label, value] of [
      ["Event Name", "Neon Nights"],
      ["Artist", "Nova Reign"],
      ["Venue", "Riverside"],
      ["Date", "2027-03-14"],
      ["Time", "20:00"],
      ["Ticket Price ($)", "65"],
    ]) {
      fireEvent.change(dialog.getByLabelText(label), { target: { value } });
    }
    fireEvent.change(dialog.getByLabelText("Total Tickets"), { target: { value: "250" } });
    await user.click(dialog.getByRole("button", { name: "Create" }));

    expect(await screen.findByText("Event created successfully")).toBeInTheDocument();
    expect(calls.find((c) => c.method === "POST")?.body).toMatchObject({
      name: "Neon Nights",
      date: "2027-03-14",
      totalTickets: 250,
      ticketPrice: "65.00",
      status: "upcoming",
      // A new event starts in the browser's zone (UTC in these tests).
      timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone,
    });
  });

  it("keeps an event's time zone when editing, and sends a new one when chosen", async () => {
    const user = userEvent.setup();
    const calls = mockApi(
      {
        "GET /api/events": () => [{ ...stored, timeZone: "America/Chicago" }],
        [`PATCH /api/events/${stored.id}`]: ({ body }) => ({ ...stored, ...(body as object) }),
      },
      adminUser,
    );
    renderPage(<AdminEventsPage />, "/admin/events");
    await user.click(await screen.findByRole("button", { name: "Edit Neon Nights" }));
    const dialog = within(await screen.findByRole("dialog", { name: "Edit Event" }));
    expect(dialog.getByRole("combobox", { name: "Time Zone" })).toHaveValue("America/Chicago");
    await user.selectOptions(dialog.getByLabelText("Time Zone"), "America/Denver");
    await user.click(dialog.getByRole("button", { name: "Update" }));
    await waitFor(() =>
      expect(calls.find((c) => c.method === "PATCH")?.body).toMatchObject({ timeZone: "America/Denver" }),
    );
  });

  it("edits with the row pre-filled and shows the server's reason when refused", async () => {
    const user = userEvent.setup();
    const calls = mockApi(
      {
        "GET /api/events": () => [stored],
        [`PATCH /api/events/${stored.id}`]: () =>
          json({ message: "Total tickets cannot be lower than the 40 tickets already sold" }, 409),
      },
      adminUser,
    );
    renderPage(<AdminEventsPage />, "/admin/events");
    await user.click(await screen.findByRole("button", { name: "Edit Neon Nights" }));
    const dialog = within(await screen.findByRole("dialog", { name: "Edit Event" }));
    expect(dialog.getByLabelText("Event Name")).toHaveValue("Neon Nights");
    expect(dialog.getByLabelText("Total Tickets")).toHaveValue(100);
    expect(dialog.getByText(/40 sold, 60 available/)).toBeInTheDocument();

    fireEvent.change(dialog.getByLabelText("Total Tickets"), { target: { value: "10" } });
    await user.click(dialog.getByRole("button", { name: "Update" }));
    expect(
      await screen.findByText("Total tickets cannot be lower than the 40 tickets already sold"),
    ).toBeInTheDocument();
    expect(calls.find((c) => c.method === "PATCH")?.body).toMatchObject({ totalTickets: 10, name: "Neon Nights" });
    expect(calls.find((c) => c.method === "PATCH")?.body).not.toHaveProperty("availableTickets");
  });

  it("deletes after a confirmation", async () => {
    const user = userEvent.setup();
    const confirm = vi.spyOn(window, "confirm").mockReturnValueOnce(false).mockReturnValueOnce(true);
    const calls = mockApi(
      { "GET /api/events": () => [stored], [`DELETE /api/events/${stored.id}`]: () => json(null, 204) },
      adminUser,
    );
    renderPage(<AdminEventsPage />, "/admin/events");
    await user.click(await screen.findByRole("button", { name: "Delete Neon Nights" }));
    expect(calls.some((c) => c.method === "DELETE")).toBe(false);
    await user.click(screen.getByRole("button", { name: "Delete Neon Nights" }));
    await waitFor(() => expect(calls.some((c) => c.method === "DELETE")).toBe(true));
    expect(confirm).toHaveBeenCalledWith(expect.stringContaining("delete this event"));
    expect(await screen.findByText("Event deleted successfully")).toBeInTheDocument();
  });
});
