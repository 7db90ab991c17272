// The tour-date dialog's show fields: the venue's time zone, the event whose tickets the show
// page sells, and the vendor slots per spot type; and a delete the server refuses (409).
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { TourDate } from "@shared/tour-dates";
import { toast } from "@/hooks/use-toast";
import { makeTourDate } from "@/test/fixtures";
import { json, mockApi, renderPage, type ApiCall } from "@/test/page-harness";
import { TourDatesPage } from "./tour-dates-page";

vi.mock("@/hooks/use-toast", async (importOriginal) => ({
  ...(await importOriginal<typeof import("@/hooks/use-toast")>()),
  toast: vi.fn(),
}));

const NEON = "e1e1e1e1-0000-4000-8000-000000000001";
const FILLMORE = "e2e2e2e2-0000-4000-8000-000000000002";
const EVENTS = [
  { id: NEON, name: "Neon Nights", artist: "Nova Reign", date: "2026-06-12" },
  { id: FILLMORE, name: "Fillmore Night", artist: "Nova Reign", date: "2026-05-02" },
];
const BOOKED = "This tour date has paid or held vendor bookings. Cancel them first.";

let rows: TourDate[];
let calls: ApiCall[];

beforeEach(() => {
  rows = [
    makeTourDate({
      id: "t1",
      timeZone: "Europe/Berlin",
      eventId: FILLMORE,
      vendorSlots: { standard: 4, premium: null, deluxe: 0 },
    }),
  ];
  vi.spyOn(Intl.DateTimeFormat.prototype, "resolvedOptions").mockReturnValue({
    ...new Intl.DateTimeFormat("en-US", { timeZone: "UTC" }).resolvedOptions(),
    timeZone: "America/New_York",
  });
  calls = mockApi({
    "GET /api/tour-dates": () => rows,
    "GET /api/events": () => EVENTS,
    "POST /api/tour-dates": ({ body }) => json({ id: "t2", ...(body as object) }, 201),
    "PUT /api/tour-dates/t1": ({ body }) => ({ id: "t1", ...(body as object) }),
    "DELETE /api/tour-dates/t1": () => json({ message: BOOKED }, 409),
  });
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  vi.mocked(toast).mockClear();
});

const writes = () => calls.filter((call) => call.method !== "GET");

async function openDialog(button: string | RegExp, title: string) {
  const user = userEvent.setup();
  renderPage(<TourDatesPage />, "/tour-dates");
  await user.click(await screen.findByRole("button", { name: button }));
  return { user, dialog: await screen.findByRole("dialog", { name: title }) };
}

describe("tour-date dialog: show fields", () => {
  it("starts a new date in the browser's zone, with no linked event and default slots", async () => {
    const { dialog } = await openDialog("Add Tour Date", "Add Tour Date");
    const zone = within(dialog).getByRole("combobox", { name: "Time Zone" });
    expect(zone).toHaveValue("America/New_York");
    expect(within(zone).getByRole("option", { name: "New York (America/New_York)" })).toBeInTheDocument();
    expect(within(zone).getByRole("option", { name: "UTC" })).toBeInTheDocument();

    const event = within(dialog).getByRole("combobox", { name: "Tickets from event" });
    expect(event).toHaveValue("");
    await waitFor(() =>
      expect(
        within(event)
          .getAllByRole("option")
          .map((option) => option.textContent),
      ).toEqual([
        "No linked event",
        "Neon Nights — Nova Reign · Fri, Jun 12, 2026",
        "Fillmore Night — Nova Reign · Sat, May 2, 2026",
      ]),
    );
    const slots = within(dialog).getByRole("group", { name: "Vendor slots per spot type" });
    for (const label of ["Standard Spot", "Premium Spot", "Deluxe Spot"]) {
      expect(within(slots).getByLabelText(label)).toHaveValue(null);
    }
  });

  it("sends the chosen zone, event and slots; a blank slot box stays the default (null)", async () => {
    const { user, dialog } = await openDialog("Add Tour Date", "Add Tour Date");
    await user.type(within(dialog).getByLabelText("Artist Name"), "The Velvet Static");
    fireEvent.change(within(dialog).getByLabelText("Date"), { target: { value: "2031-07-14" } });
    fireEvent.change(within(dialog).getByLabelText("Time"), { target: { value: "20:00" } });
    await user.type(within(dialog).getByLabelText("Location"), "Tempodrom, Berlin");
    await user.selectOptions(within(dialog).getByLabelText("Time Zone"), "Europe/Berlin");
    await within(dialog).findByRole("option", { name: /^Neon Nights/ });
    await user.selectOptions(within(dialog).getByLabelText("Tickets from event"), NEON);
    await user.type(within(dialog).getByLabelText("Premium Spot"), "6");
    await user.type(within(dialog).getByLabelText("Deluxe Spot"), "0");
    await user.click(within(dialog).getByRole("button", { name: "Create" }));

    await waitFor(() => expect(writes()).toHaveLength(1));
    expect(writes()[0].body).toEqual({
      artistName: "The Velvet Static",
      date: "2031-07-14",
      time: "20:00",
      location: "Tempodrom, Berlin",
      timeZone: "Europe/Berlin",
      eventId: NEON,
      vendorSlots: { standard: null, premium: 6, deluxe: 0 },
    });
    await waitFor(() =>
      expect(toast).toHaveBeenCalledWith({ title: "Success", description: "Tour date created successfully" }),
    );
  });

  it("opens a date with its zone, event and slots, and can unlink the event and clear a count", async () => {
    const { user, dialog } = await openDialog(/^Edit Nova Reign/, "Edit Tour Date");
    expect(within(dialog).getByLabelText("Time Zone")).toHaveValue("Europe/Berlin");
    expect(within(dialog).getByLabelText("Tickets from event")).toHaveValue(FILLMORE);
    expect(within(dialog).getByLabelText("Standard Spot")).toHaveValue(4);
    expect(within(dialog).getByLabelText("Premium Spot")).toHaveValue(null);
    expect(within(dialog).getByLabelText("Deluxe Spot")).toHaveValue(0);

    await user.selectOptions(within(dialog).getByLabelText("Tickets from event"), "");
    await user.clear(within(dialog).getByLabelText("Standard Spot"));
    await user.click(within(dialog).getByRole("button", { name: "Update" }));

    await waitFor(() => expect(writes()).toHaveLength(1));
    expect(writes()[0]).toMatchObject({
      method: "PUT",
      body: { timeZone: "Europe/Berlin", eventId: null, vendorSlots: { standard: null, premium: null, deluxe: 0 } },
    });
  });

  it("refuses a slot count above the limit with the shared schema's message", async () => {
    const { user, dialog } = await openDialog(/^Edit Nova Reign/, "Edit Tour Date");
    await user.clear(within(dialog).getByLabelText("Standard Spot"));
    await user.type(within(dialog).getByLabelText("Standard Spot"), "20000");
    await user.click(within(dialog).getByRole("button", { name: "Update" }));
    expect(await within(dialog).findByText("Enter a whole number from 0 to 10000")).toBeInTheDocument();
    expect(writes()).toEqual([]);
  });
});

describe("deleting a tour date the server refuses", () => {
  it("keeps 'Failed to delete tour date' and adds the server's reason", async () => {
    const user = userEvent.setup();
    vi.spyOn(window, "confirm").mockReturnValue(true);
    renderPage(<TourDatesPage />, "/tour-dates");
    await user.click(await screen.findByRole("button", { name: /^Delete Nova Reign/ }));
    await waitFor(() =>
      expect(toast).toHaveBeenCalledWith({
        title: "Error",
        description: `Failed to delete tour date. ${BOOKED}`,
        variant: "destructive",
      }),
    );
  });
});

describe("tour date list", () => {
  it("links each date to its show page", async () => {
    renderPage(<TourDatesPage />, "/tour-dates");
    expect(await screen.findByRole("link", { name: /^Show page of Nova Reign/ })).toHaveAttribute("href", "/shows/t1");
  });
});
