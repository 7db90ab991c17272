import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { toast } from "@/hooks/use-toast";
import type { TourDate } from "@shared/tour-dates";
import { makeTourDate } from "@/test/fixtures";
import { json, memberUser, mockApi, renderPage, type ApiCall } from "@/test/page-harness";
import { TourDatesPage } from "./tour-dates-page";

vi.mock("@/hooks/use-toast", async (importOriginal) => ({
  ...(await importOriginal<typeof import("@/hooks/use-toast")>()),
  toast: vi.fn(),
}));

const FILLMORE_NIGHT = "e2e2e2e2-0000-4000-8000-000000000002";
const novaReign = makeTourDate({
  id: "t1",
  artistName: "Nova Reign",
  date: "2026-05-02",
  time: "20:00",
  location: "The Fillmore, SF",
  timeZone: "America/Los_Angeles",
  eventId: FILLMORE_NIGHT,
  vendorSlots: { standard: 12, premium: null, deluxe: 0 },
});

const EVENTS = [
  { id: "e1e1e1e1-0000-4000-8000-000000000001", name: "Neon Nights", artist: "Nova Reign", date: "2026-06-12" },
  { id: FILLMORE_NIGHT, name: "Fillmore Night", artist: "Nova Reign", date: "2026-05-02" },
];
const DEFAULT_SLOTS = { standard: null, premium: null, deluxe: null };

let rows: TourDate[];
let calls: ApiCall[];

beforeEach(() => {
  rows = [novaReign];
  // The admin's own zone is the default of a new date.
  vi.spyOn(Intl.DateTimeFormat.prototype, "resolvedOptions").mockReturnValue({
    ...new Intl.DateTimeFormat("en-US", { timeZone: "UTC" }).resolvedOptions(),
    timeZone: "America/Chicago",
  });
  calls = mockApi({
    "GET /api/tour-dates": () => rows,
    "GET /api/events": () => EVENTS,
    "POST /api/tour-dates": ({ body }) => json({ id: "t2", ...(body as object) }, 201),
    "PUT /api/tour-dates/t1": ({ body }) => ({ id: "t1", ...(body as object) }),
    "DELETE /api/tour-dates/t1": () => json(null, 204),
  });
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  vi.mocked(toast).mockClear();
});

const writes = () => calls.filter((call) => call.method !== "GET");

describe("Tour Dates Management", () => {
  it("lists each tour date with its date, time at the venue with its zone, location and artist", async () => {
    renderPage(<TourDatesPage />, "/tour-dates");

    const row = (await screen.findByRole("heading", { name: "Nova Reign" })).closest("li")!;
    expect(within(row).getByText("Sat, May 2, 2026")).toBeInTheDocument();
    expect(within(row).getByText("8:00 PM PDT")).toBeInTheDocument();
    expect(within(row).getByText("The Fillmore, SF")).toBeInTheDocument();
    expect(within(row).getByRole("button", { name: "Edit Nova Reign on Sat, May 2, 2026" })).toBeInTheDocument();
    expect(within(row).getByRole("button", { name: "Delete Nova Reign on Sat, May 2, 2026" })).toBeInTheDocument();
  });

  it("shows each date's zone, its linked event and the vendor slots booked of each type, read in one call", async () => {
    const standalone = makeTourDate({
      id: "t3",
      artistName: "Marisol Vega",
      date: "2026-11-07",
      time: "19:30",
      timeZone: "Europe/London",
      eventId: null,
    });
    rows = [novaReign, standalone];
    calls = mockApi({
      "GET /api/tour-dates": () => rows,
      "GET /api/events": () => EVENTS,
      "GET /api/tour-dates/vendor-slots?ids=t1%2Ct3": () => ({
        t1: [
          { spotType: "standard", capacity: 12, remaining: 9, soldOut: false },
          { spotType: "premium", capacity: 10, remaining: 10, soldOut: false },
          { spotType: "deluxe", capacity: 0, remaining: 0, soldOut: true },
        ],
        t3: [
          { spotType: "standard", capacity: 10, remaining: 0, soldOut: true },
          { spotType: "premium", capacity: 10, remaining: 4, soldOut: false },
          { spotType: "deluxe", capacity: 10, remaining: 10, soldOut: false },
        ],
      }),
    });
    renderPage(<TourDatesPage />, "/tour-dates");

    const nova = (await screen.findByRole("heading", { name: "Nova Reign" })).closest("li")!;
    expect(within(nova).getByText("America/Los Angeles")).toBeInTheDocument();
    expect(await within(nova).findByText("Fillmore Night")).toBeInTheDocument();
    const novaSlots = await within(nova).findByText("Vendor slots booked");
    expect(novaSlots.nextElementSibling).toHaveTextContent("Standard3 / 12Premium0 / 10Deluxe0 / 0");

    const marisol = screen.getByRole("heading", { name: "Marisol Vega" }).closest("li")!;
    expect(within(marisol).getByText("7:30 PM GMT")).toBeInTheDocument();
    expect(within(marisol).getByText("Europe/London")).toBeInTheDocument();
    expect(within(marisol).getByText("No linked event")).toBeInTheDocument();
    expect(within(marisol).getByText("Vendor slots booked").nextElementSibling).toHaveTextContent(
      "Standard10 / 10Premium6 / 10Deluxe0 / 10",
    );
    expect(calls.filter((call) => call.url.includes("vendor-slots"))).toHaveLength(1);
  });

  it("says how to start when there are no tour dates", async () => {
    rows = [];
    renderPage(<TourDatesPage />, "/tour-dates");

    expect(
      await screen.findByText('No tour dates scheduled yet. Click "Add Tour Date" to create one.'),
    ).toBeInTheDocument();
  });

  it("creates a tour date from the dialog and says so", async () => {
    const user = userEvent.setup();
    renderPage(<TourDatesPage />, "/tour-dates");
    await screen.findByRole("heading", { name: "Nova Reign" });

    await user.click(screen.getByRole("button", { name: "Add Tour Date" }));
    const dialog = await screen.findByRole("dialog", { name: "Add Tour Date" });
    await user.type(within(dialog).getByLabelText("Artist Name"), "The Velvet Static");
    expect(within(dialog).getByLabelText("Date")).toHaveAttribute("type", "date");
    expect(within(dialog).getByLabelText("Time")).toHaveAttribute("type", "time");
    fireEvent.change(within(dialog).getByLabelText("Date"), { target: { value: "2026-06-12" } });
    fireEvent.change(within(dialog).getByLabelText("Time"), { target: { value: "19:30" } });
    await user.type(within(dialog).getByLabelText("Location"), "Red Rocks, CO");
    await user.click(within(dialog).getByRole("button", { name: "Create" }));

    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    expect(writes()).toEqual([
      {
        method: "POST",
        url: "/api/tour-dates",
        body: {
          artistName: "The Velvet Static",
          date: "2026-06-12",
          time: "19:30",
          location: "Red Rocks, CO",
          timeZone: "America/Chicago",
          eventId: null,
          vendorSlots: DEFAULT_SLOTS,
        },
      },
    ]);
    expect(toast).toHaveBeenCalledWith({ title: "Success", description: "Tour date created successfully" });
  });

  it("refuses an empty form with 'Required' under each field and sends nothing", async () => {
    const user = userEvent.setup();
    renderPage(<TourDatesPage />, "/tour-dates");
    await user.click(await screen.findByRole("button", { name: "Add Tour Date" }));
    const dialog = await screen.findByRole("dialog");

    await user.click(within(dialog).getByRole("button", { name: "Create" }));

    expect(await within(dialog).findAllByText("Required")).toHaveLength(4);
    expect(within(dialog).getByLabelText("Artist Name")).toHaveAttribute("aria-invalid", "true");
    expect(writes()).toEqual([]);
  });

  it("opens the chosen row pre-filled and updates it", async () => {
    const user = userEvent.setup();
    renderPage(<TourDatesPage />, "/tour-dates");

    await user.click(await screen.findByRole("button", { name: /^Edit Nova Reign/ }));
    const dialog = await screen.findByRole("dialog", { name: "Edit Tour Date" });
    expect(within(dialog).getByLabelText("Artist Name")).toHaveValue("Nova Reign");
    expect(within(dialog).getByLabelText("Date")).toHaveValue("2026-05-02");
    expect(within(dialog).getByLabelText("Time")).toHaveValue("20:00");
    expect(within(dialog).getByLabelText("Location")).toHaveValue("The Fillmore, SF");

    await user.clear(within(dialog).getByLabelText("Location"));
    await user.type(within(dialog).getByLabelText("Location"), "The Warfield, SF");
    await user.click(within(dialog).getByRole("button", { name: "Update" }));

    await waitFor(() => expect(writes()).toHaveLength(1));
    expect(writes()[0]).toEqual({
      method: "PUT",
      url: "/api/tour-dates/t1",
      body: {
        artistName: "Nova Reign",
        date: "2026-05-02",
        time: "20:00",
        location: "The Warfield, SF",
        timeZone: "America/Los_Angeles",
        eventId: FILLMORE_NIGHT,
        vendorSlots: { standard: 12, premium: null, deluxe: 0 },
      },
    });
    await waitFor(() =>
      expect(toast).toHaveBeenCalledWith({ title: "Success", description: "Tour date updated successfully" }),
    );
  });

  it("asks the browser to confirm before deleting, and deletes only when confirmed", async () => {
    const user = userEvent.setup();
    const confirm = vi.spyOn(window, "confirm").mockReturnValueOnce(false).mockReturnValueOnce(true);
    renderPage(<TourDatesPage />, "/tour-dates");
    const remove = await screen.findByRole("button", { name: /^Delete Nova Reign/ });

    await user.click(remove);
    expect(confirm).toHaveBeenCalledWith("Are you sure you want to delete this tour date?");
    expect(writes()).toEqual([]);

    await user.click(remove);
    await waitFor(() => expect(writes()).toEqual([{ method: "DELETE", url: "/api/tour-dates/t1", body: undefined }]));
    await waitFor(() =>
      expect(toast).toHaveBeenCalledWith({ title: "Success", description: "Tour date deleted successfully" }),
    );
  });

  it("shows the error toast when the server refuses", async () => {
    const user = userEvent.setup();
    calls = mockApi({
      "GET /api/tour-dates": () => rows,
      "DELETE /api/tour-dates/t1": () => json({ message: "Boom" }, 500),
    });
    vi.spyOn(window, "confirm").mockReturnValue(true);
    renderPage(<TourDatesPage />, "/tour-dates");

    await user.click(await screen.findByRole("button", { name: /^Delete Nova Reign/ }));

    await waitFor(() =>
      expect(toast).toHaveBeenCalledWith({
        title: "Error",
        description: "Failed to delete tour date",
        variant: "destructive",
      }),
    );
    // The product's words only: no second toast with the server's message.
    expect(toast).toHaveBeenCalledTimes(1);
  });

  it("puts a refused field's message beside it, with one toast", async () => {
    const user = userEvent.setup();
    calls = mockApi({
      "GET /api/tour-dates": () => rows,
      "PUT /api/tour-dates/t1": () =>
        json({ message: "Event not found", fieldErrors: { eventId: ["Event not found"] } }, 400),
    });
    renderPage(<TourDatesPage />, "/tour-dates");

    await user.click(await screen.findByRole("button", { name: /^Edit Nova Reign/ }));
    const dialog = await screen.findByRole("dialog", { name: "Edit Tour Date" });
    await user.click(within(dialog).getByRole("button", { name: "Update" }));

    expect(await within(dialog).findByText("Event not found")).toBeInTheDocument();
    expect(toast).toHaveBeenCalledTimes(1);
    expect(toast).toHaveBeenCalledWith({
      title: "Error",
      description: "Failed to update tour date",
      variant: "destructive",
    });
  });

  it("shows non-admins the access-required state instead of the tools", async () => {
    calls = mockApi({ "GET /api/tour-dates": () => rows }, memberUser);
    renderPage(<TourDatesPage />, "/tour-dates");

    expect(await screen.findByRole("heading", { name: "Administrator access required" })).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Add Tour Date" })).not.toBeInTheDocument();
    expect(calls.some((call) => call.url === "/api/tour-dates")).toBe(false);
  });
});
