import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { json, memberUser, mockApi, renderPage } from "@/test/page-harness";
import { MyTicketsPage } from "@/pages/my-tickets-page";
import { TicketsPage } from "@/pages/tickets-page";

const event = (overrides: Record<string, unknown> = {}) => ({
  id: "e1",
  name: "Neon Nights",
  artist: "Nova Reign",
  venue: "Riverside Amphitheater",
  date: "2027-03-14",
  time: "20:00",
  description: "The full show.",
  imageUrl: "/demo/events/neon-nights.svg",
  totalTickets: 100,
  availableTickets: 40,
  maxPerOrder: 10,
  ticketPrice: "65",
  status: "on-sale",
  createdAt: "2026-01-01T00:00:00.000Z",
  ...overrides,
});

afterEach(() => vi.unstubAllGlobals());

describe("Event Tickets page", () => {
  it("shows the loading text, then one card per event with everything the product lists", async () => {
    let release!: () => void;
    const loaded = new Promise<void>((resolve) => (release = resolve));
    mockApi({ "GET /api/events": async () => (await loaded, [event()]) }, memberUser);
    renderPage(<TicketsPage />, "/tickets");

    expect(await screen.findByText("Loading events...")).toBeInTheDocument();
    release();
    const card = (await screen.findByRole("heading", { name: "Neon Nights" })).closest("li")!;
    const inCard = within(card);
    expect(screen.getByRole("heading", { level: 1, name: "Event Tickets" })).toBeInTheDocument();
    expect(screen.getByText("Browse and purchase tickets for upcoming concerts and events")).toBeInTheDocument();
    expect(inCard.getByRole("img", { name: "Neon Nights by Nova Reign" })).toHaveAttribute(
      "src",
      "/demo/events/neon-nights.svg",
    );
    expect(inCard.getByText("Nova Reign")).toBeInTheDocument();
    expect(inCard.getByText("On sale")).toBeInTheDocument();
    expect(inCard.getByText("Sunday, March 14, 2027")).toBeInTheDocument();
    expect(inCard.getByText("8:00 PM")).toBeInTheDocument();
    expect(inCard.getByText("Riverside Amphitheater")).toBeInTheDocument();
    expect(inCard.getByText("The full show.")).toBeInTheDocument();
    expect(inCard.getByText("40 / 100 tickets available")).toBeInTheDocument();
    expect(inCard.getByText("$65.00").parentElement).toHaveTextContent("$65.00 per ticket");
    expect(inCard.getByRole("button", { name: /Buy Tickets/ })).toBeEnabled();
    const main = within(screen.getByRole("main"));
    expect(main.getByRole("link", { name: "My Tickets" })).toHaveAttribute("href", "/my-tickets");
  });

  it("styles status badges by status and disables Buy Tickets when sold out or empty", async () => {
    mockApi(
      {
        "GET /api/events": () => [
          event({ id: "a", name: "Sold", status: "sold-out", availableTickets: 0 }),
          event({ id: "b", name: "Empty", status: "on-sale", availableTickets: 0 }),
          event({ id: "c", name: "Soon", status: "upcoming", imageUrl: null, description: null }),
          event({ id: "d", name: "Off", status: "cancelled" }),
        ],
      },
      memberUser,
    );
    renderPage(<TicketsPage />, "/tickets");
    const card = async (name: string) => within((await screen.findByRole("heading", { name })).closest("li")!);

    expect((await card("Sold")).getByRole("button", { name: /Buy Tickets/ })).toBeDisabled();
    expect((await card("Empty")).getByRole("button", { name: /Buy Tickets/ })).toBeDisabled();
    expect((await card("Soon")).getByRole("button", { name: /Buy Tickets/ })).toBeEnabled();
    expect((await card("Soon")).queryByRole("img")).toBeNull();
    expect((await card("Sold")).getByText("Sold out")).toHaveClass("bg-destructive");
    expect((await card("Soon")).getByText("Upcoming")).toHaveClass("bg-secondary");
    expect((await card("Empty")).getByText("On sale")).toHaveClass("bg-primary");
    expect((await card("Off")).getByText("Cancelled")).toHaveClass("border-border");
  });

  it("opens the purchase dialog of the event a show page linked to (?event=)", async () => {
    const user = userEvent.setup();
    mockApi({ "GET /api/events": () => [event(), event({ id: "e2", name: "Second Night" })] }, memberUser);
    renderPage(<TicketsPage />, "/tickets?event=e2");
    const dialog = await screen.findByRole("dialog", { name: "Purchase Tickets" });
    expect(within(dialog).getByText(/Second Night/)).toBeInTheDocument();
    await user.click(within(dialog).getByRole("button", { name: "Cancel" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
  });

  it("shows the empty state", async () => {
    mockApi({ "GET /api/events": () => [] }, memberUser);
    renderPage(<TicketsPage />, "/tickets");
    expect(await screen.findByRole("heading", { name: "No Events Available" })).toBeInTheDocument();
    expect(screen.getByText("Check back later for upcoming events")).toBeInTheDocument();
  });

  it("buys tickets and shows the lowered count from the refreshed list", async () => {
    const user = userEvent.setup();
    let available = 40;
    const calls = mockApi(
      {
        "GET /api/events": () => [event({ availableTickets: available })],
        "POST /api/tickets": ({ body }) => {
          available -= (body as { quantity: number }).quantity;
          return json({ id: "p1", confirmationCode: "ABCDEFGH23" }, 201);
        },
      },
      memberUser,
    );
    renderPage(<TicketsPage />, "/tickets");
    await user.click(await screen.findByRole("button", { name: "Buy Tickets for Neon Nights" }));
    const dialog = await screen.findByRole("dialog", { name: "Purchase Tickets" });
    await user.clear(within(dialog).getByLabelText("Number of Tickets"));
    await user.type(within(dialog).getByLabelText("Number of Tickets"), "3");
    expect(within(dialog).getByText("$195.00")).toBeInTheDocument();
    await user.click(within(dialog).getByRole("button", { name: "Confirm Purchase" }));

    expect(await screen.findByText("Your tickets have been purchased successfully.")).toBeInTheDocument();
    expect(await screen.findByText("37 / 100 tickets available")).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(calls.find((c) => c.method === "POST")?.body).toEqual({ eventId: "e1", quantity: 3 });
  });

  it("confirms a reservation made without card payments with what to pay at the door; the toast keeps its words", async () => {
    const user = userEvent.setup();
    const order = {
      id: "p1",
      quantity: 2,
      totalAmount: "130.00",
      status: "confirmed",
      paidAt: null,
      confirmationCode: "ABCDEFGH23",
    };
    mockApi({ "GET /api/events": () => [event()], "POST /api/tickets": () => json(order, 201) }, memberUser);
    renderPage(<TicketsPage />, "/tickets");
    await user.click(await screen.findByRole("button", { name: "Buy Tickets for Neon Nights" }));
    const dialog = await screen.findByRole("dialog", { name: "Purchase Tickets" });
    await user.clear(within(dialog).getByLabelText("Number of Tickets"));
    await user.type(within(dialog).getByLabelText("Number of Tickets"), "2");
    await user.click(within(dialog).getByRole("button", { name: "Confirm Purchase" }));

    expect(await screen.findByText("Success!")).toBeInTheDocument();
    expect(screen.getByText("Your tickets have been purchased successfully.")).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    const notice = within(screen.getByRole("status", { name: "Tickets reserved: 2 tickets for Neon Nights" }));
    expect(notice.getByText("Pay at the door: $130.00")).toBeInTheDocument();
    expect(notice.getByText("ABCDEFGH23")).toBeInTheDocument();
    expect(notice.getByText(/Nothing has been charged/)).toBeInTheDocument();
    await user.click(notice.getByRole("button", { name: "Dismiss" }));
    expect(screen.queryByText("Pay at the door: $130.00")).toBeNull();
  });

  it("owes nothing at the door for a free order: no reservation notice", async () => {
    const user = userEvent.setup();
    const order = { id: "p1", quantity: 1, totalAmount: "0.00", status: "confirmed", paidAt: null };
    mockApi(
      { "GET /api/events": () => [event({ ticketPrice: "0" })], "POST /api/tickets": () => json(order, 201) },
      memberUser,
    );
    renderPage(<TicketsPage />, "/tickets");
    await user.click(await screen.findByRole("button", { name: "Buy Tickets for Neon Nights" }));
    const dialog = await screen.findByRole("dialog", { name: "Purchase Tickets" });
    await user.click(within(dialog).getByRole("button", { name: "Confirm Purchase" }));
    expect(await screen.findByText("Your tickets have been purchased successfully.")).toBeInTheDocument();
    expect(screen.queryByText(/Pay at the door/)).toBeNull();
  });

  it("after a refused purchase shows what is left, in the dialog and on the card, and caps the quantity there", async () => {
    const user = userEvent.setup();
    // Someone else bought 38 of the 40 tickets while this member was choosing.
    let available = 40;
    mockApi(
      {
        "GET /api/events": () => [event({ availableTickets: available })],
        "POST /api/tickets": () => {
          available = 2;
          return json({ message: "Only 2 tickets left" }, 409);
        },
      },
      memberUser,
    );
    renderPage(<TicketsPage />, "/tickets");
    await user.click(await screen.findByRole("button", { name: "Buy Tickets for Neon Nights" }));
    const dialog = await screen.findByRole("dialog", { name: "Purchase Tickets" });
    const field = within(dialog).getByLabelText("Number of Tickets");
    await user.clear(field);
    await user.type(field, "5");
    await user.click(within(dialog).getByRole("button", { name: "Confirm Purchase" }));

    expect(await screen.findByText("Only 2 tickets left")).toBeInTheDocument();
    expect(await within(dialog).findByText("2 available")).toBeInTheDocument();
    expect(field).toHaveAttribute("max", "2");
    expect(field).toHaveValue(2);
    expect(within(dialog).getByText("$130.00")).toBeInTheDocument();
    expect(screen.getByText("2 / 100 tickets available")).toBeInTheDocument();
  });

  it("says so in the dialog when the refreshed event has sold out", async () => {
    const user = userEvent.setup();
    let available = 40;
    mockApi(
      {
        "GET /api/events": () => [event({ availableTickets: available, status: available ? "on-sale" : "sold-out" })],
        "POST /api/tickets": () => {
          available = 0;
          return json({ message: "This event is sold out" }, 409);
        },
      },
      memberUser,
    );
    renderPage(<TicketsPage />, "/tickets");
    await user.click(await screen.findByRole("button", { name: "Buy Tickets for Neon Nights" }));
    const dialog = await screen.findByRole("dialog", { name: "Purchase Tickets" });
    await user.click(within(dialog).getByRole("button", { name: "Confirm Purchase" }));

    expect(await within(dialog).findByText("Sold out: no tickets are left for this event.")).toBeInTheDocument();
    expect(within(dialog).getByRole("button", { name: "Confirm Purchase" })).toBeDisabled();
  });
});

describe("My Tickets page", () => {
  it("lists purchases with event, date, quantity, total, status, code, its QR code, the PDF and the calendar invitation", async () => {
    mockApi(
      {
        "GET /api/tickets/my": () => [
          {
            id: "p1",
            eventId: "e1",
            userId: "u-member",
            quantity: 3,
            totalAmount: "195.00",
            status: "confirmed",
            purchaseDate: "2026-11-01T10:00:00.000Z",
            paidAt: "2026-11-01T10:01:00.000Z",
            confirmationCode: "ABCDEFGH23",
            qrToken: "p1.signature",
            event: {
              id: "e1",
              name: "Neon Nights",
              artist: "Nova Reign",
              date: "2027-03-14",
              time: "20:00",
              venue: "Riverside",
              imageUrl: null,
              status: "on-sale",
            },
          },
          {
            id: "p2",
            eventId: "e2",
            userId: "u-member",
            quantity: 1,
            totalAmount: "20.00",
            status: "refunded",
            purchaseDate: "2026-10-01T10:00:00.000Z",
            confirmationCode: "ZYXWVUTS98",
            qrToken: null,
            event: {
              id: "e2",
              name: "Gone Gig",
              artist: "Nova Reign",
              date: "2027-01-14",
              time: "20:00",
              venue: "Riverside",
              imageUrl: null,
              status: "cancelled",
            },
          },
        ],
      },
      memberUser,
    );
    renderPage(<MyTicketsPage />, "/my-tickets");
    const card = within((await screen.findByRole("heading", { name: "Neon Nights" })).closest("li")!);
    expect(card.getByText("Sunday, March 14, 2027 at 8:00 PM")).toBeInTheDocument();
    expect(card.getByText("3")).toBeInTheDocument();
    expect(card.getByText("$195.00")).toBeInTheDocument();
    expect(card.getByText("Confirmed")).toBeInTheDocument();
    expect(card.getByText("ABCDEFGH23")).toBeInTheDocument();
    const qr = await card.findByRole("img", { name: "QR code for confirmation code ABCDEFGH23" });
    expect(qr.getAttribute("src")).toMatch(/^data:image\/svg\+xml/);
    expect(card.getByRole("link", { name: "Download PDF ticket for Neon Nights" })).toHaveAttribute(
      "href",
      "/api/tickets/p1/pdf",
    );
    expect(card.getByRole("link", { name: "Add to calendar: Neon Nights" })).toHaveAttribute(
      "href",
      "/api/tickets/p1/calendar.ics",
    );

    expect(card.queryByText(/Pay at the door/)).toBeNull();

    const gone = within(screen.getByRole("heading", { name: "Gone Gig" }).closest("li")!);
    expect(gone.getByText("Refunded")).toBeInTheDocument();
    expect(gone.queryByRole("img")).not.toBeInTheDocument();
    expect(gone.queryByRole("link", { name: /Download PDF/ })).not.toBeInTheDocument();
  });

  it("says what a reservation made without card payments owes at the door", async () => {
    const reservation = {
      id: "p3",
      eventId: "e3",
      userId: "u-member",
      quantity: 2,
      totalAmount: "50.00",
      status: "confirmed",
      purchaseDate: "2026-11-02T10:00:00.000Z",
      paidAt: null,
      confirmationCode: "QWERTYUP23",
      qrToken: "p3.signature",
      event: {
        id: "e3",
        name: "Harbor Lights",
        artist: "Nova Reign",
        date: "2027-04-14",
        time: "20:00",
        venue: "Harborview Arena",
        imageUrl: null,
        status: "on-sale",
      },
    };
    mockApi({ "GET /api/tickets/my": () => [reservation] }, memberUser);
    renderPage(<MyTicketsPage />, "/my-tickets");
    const card = within((await screen.findByRole("heading", { name: "Harbor Lights" })).closest("li")!);
    expect(card.getByText("Pay at the door: $50.00")).toBeInTheDocument();
    expect(card.getByText("$50.00")).toBeInTheDocument();
  });

  it("says when there are no tickets and links to the events", async () => {
    mockApi({ "GET /api/tickets/my": () => [] }, memberUser);
    renderPage(<MyTicketsPage />, "/my-tickets");
    expect(await screen.findByRole("heading", { name: "No Tickets Yet" })).toBeInTheDocument();
    expect(screen.getAllByRole("link", { name: "Browse events" })[0]).toHaveAttribute("href", "/tickets");
  });
});
