import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { json, memberUser, mockApi, renderPage } from "@/test/page-harness";
import { MyTicketsPage } from "@/pages/my-tickets-page";
import { TicketsPage } from "@/pages/tickets-page";
import { formatDayTime, viewerTimeZone } from "@shared/dates";
import { resetStripeFakes } from "@/test/stripe-fakes";

vi.mock("@stripe/stripe-js/pure", async () => (await import("@/test/stripe-fakes")).fakeStripeJs);
vi.mock("@stripe/react-stripe-js", async () => (await import("@/test/stripe-fakes")).fakeReactStripe);

const event = (overrides: Record<string, unknown> = {}) => ({
  id: "e1",
  name: "Neon Nights",
  artist: "Nova Reign",
  venue: "Riverside Amphitheater",
  date: "2027-03-14",
  time: "20:00",
  // Shown at its venue's clock with the zone named, whatever zone the test runs in.
  timeZone: "America/Chicago",
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

afterEach(() => {
  vi.unstubAllGlobals();
  window.sessionStorage.clear();
});

/** An order as a purchase answers it. */
const order = (overrides: Record<string, unknown> = {}) => ({
  id: "p1",
  eventId: "e1",
  userId: "u-member",
  quantity: 2,
  totalAmount: "130.00",
  status: "confirmed",
  paidAt: null,
  confirmationCode: "ABCDEFGH23",
  ...overrides,
});

async function buy(user: ReturnType<typeof userEvent.setup>, quantity: number) {
  await user.click(await screen.findByRole("button", { name: "Buy Tickets for Neon Nights" }));
  const dialog = await screen.findByRole("dialog", { name: "Purchase Tickets" });
  await user.clear(within(dialog).getByLabelText("Number of Tickets"));
  await user.type(within(dialog).getByLabelText("Number of Tickets"), String(quantity));
  await user.click(within(dialog).getByRole("button", { name: "Confirm Purchase" }));
}

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
    expect(inCard.getByText("8:00 PM CDT")).toBeInTheDocument();
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
        "POST /api/tickets/payment-intent": ({ body }) => {
          available -= (body as { quantity: number }).quantity;
          return json(order({ quantity: 3, totalAmount: "195.00" }), 201);
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

  it("ends a purchase on its confirmation card, focused, which stays until dismissed; the toast keeps its words", async () => {
    const user = userEvent.setup();
    const paid = order({ quantity: 3, totalAmount: "195.00", paidAt: "2026-11-25T18:02:00.000Z" });
    mockApi(
      { "GET /api/events": () => [event()], "POST /api/tickets/payment-intent": () => json(paid, 201) },
      memberUser,
    );
    const { unmount } = renderPage(<TicketsPage />, "/tickets");
    await buy(user, 3);

    expect(await screen.findByText("Success!")).toBeInTheDocument();
    expect(screen.getByText("Your tickets have been purchased successfully.")).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    const card = await screen.findByRole("region", { name: "Tickets confirmed: 3 tickets for Neon Nights" });
    await waitFor(() => expect(card).toHaveFocus());
    const inCard = within(card);
    expect(card).toHaveTextContent("Nova Reign · Sunday, March 14, 2027 at 8:00 PM CDT · Riverside Amphitheater");
    expect(inCard.getByText("Paid $195.00")).toBeInTheDocument();
    expect(inCard.getByText("ABCDEFGH23")).toBeInTheDocument();
    expect(card).toHaveTextContent("We've e-mailed your tickets to fan@label.test.");
    expect(inCard.getByRole("link", { name: "View My Tickets" })).toHaveAttribute("href", "/my-tickets");
    // At the top of the page, before the events.
    expect(card.compareDocumentPosition(screen.getByRole("heading", { name: "Neon Nights" }))).toBe(
      Node.DOCUMENT_POSITION_FOLLOWING,
    );

    // Still there after leaving the page and coming back, until dismissed.
    unmount();
    renderPage(<TicketsPage />, "/tickets");
    const again = await screen.findByRole("region", { name: "Tickets confirmed: 3 tickets for Neon Nights" });
    await user.click(within(again).getByRole("button", { name: "Dismiss" }));
    expect(screen.queryByRole("region", { name: /^Tickets confirmed/ })).toBeNull();
    expect(window.sessionStorage.length).toBe(0);
  });

  it("folds a reservation made without card payments into the card, with what to pay at the door", async () => {
    const user = userEvent.setup();
    mockApi(
      { "GET /api/events": () => [event()], "POST /api/tickets/payment-intent": () => json(order(), 201) },
      memberUser,
    );
    renderPage(<TicketsPage />, "/tickets");
    await buy(user, 2);

    expect(await screen.findByText("Your tickets have been purchased successfully.")).toBeInTheDocument();
    const card = await screen.findByRole("region", { name: "Tickets reserved: 2 tickets for Neon Nights" });
    const notice = within(card);
    expect(notice.getByText("Pay at the door: $130.00")).toBeInTheDocument();
    expect(notice.getByText("Nothing has been charged.")).toBeInTheDocument();
    expect(notice.getByText("ABCDEFGH23")).toBeInTheDocument();
    expect(card).toHaveTextContent("We've e-mailed your tickets to fan@label.test.");
    // One notice, not two.
    expect(screen.getAllByText(/Pay at the door/)).toHaveLength(1);
  });

  it("says a free order was free, with nothing owed at the door", async () => {
    const user = userEvent.setup();
    const free = order({ quantity: 1, totalAmount: "0.00" });
    mockApi(
      {
        "GET /api/events": () => [event({ ticketPrice: "0" })],
        "POST /api/tickets/payment-intent": () => json(free, 201),
      },
      memberUser,
    );
    renderPage(<TicketsPage />, "/tickets");
    await buy(user, 1);
    const card = await screen.findByRole("region", { name: "Tickets confirmed: 1 ticket for Neon Nights" });
    expect(within(card).getByText("Free")).toBeInTheDocument();
    expect(screen.queryByText(/Pay at the door/)).toBeNull();
  });

  it("ends a card payment in the dialog on its confirmation card, saying what was paid", async () => {
    resetStripeFakes();
    const user = userEvent.setup();
    const held = order({ status: "pending", clientSecret: "pi_fake_secret_1" });
    const calls = mockApi(
      {
        "GET /api/events": () => [event()],
        "GET /api/config": () => ({ stripePublishableKey: "pk_test_123" }),
        "POST /api/tickets/payment-intent": () => json(held, 201),
        "POST /api/tickets/complete": () => json(order({ paidAt: "2026-11-25T18:02:00.000Z" })),
      },
      memberUser,
    );
    renderPage(<TicketsPage />, "/tickets");
    await buy(user, 2);
    const dialog = await screen.findByRole("dialog", { name: "Purchase Tickets" });
    await user.click(await within(dialog).findByRole("button", { name: "Pay $130.00" }));

    const card = await screen.findByRole("region", { name: "Tickets confirmed: 2 tickets for Neon Nights" });
    expect(within(card).getByText("Paid $130.00")).toBeInTheDocument();
    expect(screen.getByText("Your tickets have been purchased successfully.")).toBeInTheDocument();
    expect(calls.find((c) => c.url === "/api/tickets/complete")?.body).toEqual({ paymentIntentId: "pi_fake" });
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
  });

  it("ends a card payment that came back from the bank's page on its confirmation card too", async () => {
    const paid = order({ paidAt: "2026-11-25T18:02:00.000Z" });
    const calls = mockApi(
      { "GET /api/events": () => [event()], "POST /api/tickets/complete": () => json(paid) },
      memberUser,
    );
    window.history.replaceState(null, "", "/tickets?payment_intent=pi_1&redirect_status=succeeded&checkout=tickets");
    renderPage(<TicketsPage />, "/tickets");
    const card = await screen.findByRole("region", { name: "Tickets confirmed: 2 tickets for Neon Nights" });
    expect(within(card).getByText("Paid $130.00")).toBeInTheDocument();
    expect(calls.find((c) => c.method === "POST")?.body).toEqual({ paymentIntentId: "pi_1" });
    window.history.replaceState(null, "", "/");
  });

  it("shows no one else's confirmation: a card left in the tab belongs to who bought", async () => {
    window.sessionStorage.setItem(
      "label-records:last-purchase",
      JSON.stringify({ userId: "someone-else", order: order(), event: event() }),
    );
    mockApi({ "GET /api/events": () => [event()] }, memberUser);
    renderPage(<TicketsPage />, "/tickets");
    await screen.findByRole("heading", { name: "Neon Nights" });
    expect(screen.queryByRole("region", { name: /^Tickets/ })).toBeNull();
  });

  it("after a refused purchase shows what is left, in the dialog and on the card, and caps the quantity there", async () => {
    const user = userEvent.setup();
    // Someone else bought 38 of the 40 tickets while this member was choosing.
    let available = 40;
    mockApi(
      {
        "GET /api/events": () => [event({ availableTickets: available })],
        "POST /api/tickets/payment-intent": () => {
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
        "POST /api/tickets/payment-intent": () => {
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
  const neon = {
    id: "e1",
    name: "Neon Nights",
    artist: "Nova Reign",
    date: "2027-03-14",
    time: "20:00",
    venue: "Riverside",
    timeZone: "America/Chicago",
    imageUrl: null,
    status: "on-sale",
  };
  const mine = (overrides: Record<string, unknown> = {}) => ({
    id: "p1",
    eventId: "e1",
    userId: "u-member",
    quantity: 3,
    totalAmount: "195.00",
    status: "confirmed",
    purchaseDate: "2026-11-01T10:00:00.000Z",
    paidAt: "2026-11-01T10:01:00.000Z",
    cancelledAt: null,
    refundedAt: null,
    confirmationCode: "ABCDEFGH23",
    event: neon,
    tickets: [1, 2, 3].map((position) => ({
      position,
      code: `ABCDEFGH23-${position}`,
      qrToken: `p1/${position}.signature`,
      checkedInAt: null,
    })),
    ...overrides,
  });
  const cardOf = async (name: string) => within((await screen.findByRole("heading", { name })).closest("li")!);

  it("lists an order with event, date, quantity, total, status, code, one QR code per ticket, the PDF and the calendar", async () => {
    mockApi({ "GET /api/tickets/my": () => [mine()] }, memberUser);
    renderPage(<MyTicketsPage />, "/my-tickets");
    const card = await cardOf("Neon Nights");
    expect(card.getByText("Sunday, March 14, 2027 at 8:00 PM CDT")).toBeInTheDocument();
    expect(card.getByText("3")).toBeInTheDocument();
    expect(card.getByText("$195.00")).toBeInTheDocument();
    expect(card.getByText("Confirmed")).toBeInTheDocument();
    expect(card.getByText("ABCDEFGH23")).toBeInTheDocument();
    const tickets = within(card.getByRole("list", { name: "Tickets for Neon Nights" }));
    for (const position of [1, 2, 3]) {
      const qr = await tickets.findByRole("img", { name: `QR code for ticket ABCDEFGH23-${position}` });
      expect(qr.getAttribute("src")).toMatch(/^data:image\/svg\+xml/);
      expect(tickets.getByText(`Ticket ${position} of 3`)).toBeInTheDocument();
    }
    expect(tickets.getAllByText("Not used yet")).toHaveLength(3);
    expect(card.getByRole("link", { name: "Download PDF tickets for Neon Nights" })).toHaveAttribute(
      "href",
      "/api/tickets/p1/pdf",
    );
    expect(card.getByRole("link", { name: "Add to calendar: Neon Nights" })).toHaveAttribute(
      "href",
      "/api/tickets/p1/calendar.ics",
    );
    expect(card.queryByText(/Pay at the door/)).toBeNull();
  });

  it("shows when each ticket was used, and the order as used once every ticket was", async () => {
    const at = new Date(2027, 2, 14, 20, 14).toISOString();
    const used = (position: number) => ({ ...mine().tickets[position - 1], checkedInAt: at });
    mockApi(
      {
        "GET /api/tickets/my": () => [
          mine({ tickets: [used(1), mine().tickets[1], mine().tickets[2]] }),
          mine({ id: "p2", event: { ...neon, name: "All In" }, quantity: 1, tickets: [used(1)] }),
        ],
      },
      memberUser,
    );
    renderPage(<MyTicketsPage />, "/my-tickets");
    const partly = await cardOf("Neon Nights");
    expect(
      partly.getByText(`Used ${formatDayTime(at, viewerTimeZone(), { year: "other-years" })}`),
    ).toBeInTheDocument();
    expect(partly.getAllByText("Not used yet")).toHaveLength(2);
    expect(partly.getByText("Confirmed")).toBeInTheDocument();
    const all = await cardOf("All In");
    expect(all.getByText("Used")).toBeInTheDocument();
  });

  it("says when a cancelled order was cancelled and what became of its money, not a bare total", async () => {
    const cancelledAt = new Date(2026, 10, 25, 18, 2).toISOString();
    const gone = { cancelledAt, tickets: [] };
    mockApi(
      {
        "GET /api/tickets/my": () => [
          mine({ ...gone, status: "refunded", event: { ...neon, name: "Refunded Gig" } }),
          mine({ ...gone, id: "p2", status: "cancelled", event: { ...neon, name: "Refund Pending" } }),
          mine({ ...gone, id: "p3", status: "cancelled", paidAt: null, event: { ...neon, name: "Never Paid" } }),
          mine({ ...gone, id: "p4", status: "cancelled", totalAmount: "0.00", event: { ...neon, name: "Free Gig" } }),
        ],
      },
      memberUser,
    );
    renderPage(<MyTicketsPage />, "/my-tickets");
    const refunded = await cardOf("Refunded Gig");
    expect(refunded.getByText("Cancelled on Nov 25, 2026 — refunded $195.00")).toBeInTheDocument();
    expect(refunded.getByText("Refunded")).toBeInTheDocument();
    expect(refunded.queryByText("Total")).toBeNull();
    expect(refunded.queryByRole("img")).toBeNull();
    expect(refunded.queryByRole("link", { name: /Download PDF/ })).toBeNull();
    expect(
      (await cardOf("Refund Pending")).getByText("Cancelled on Nov 25, 2026 — $195.00 is being refunded"),
    ).toBeInTheDocument();
    expect(
      (await cardOf("Never Paid")).getByText("Cancelled on Nov 25, 2026 — nothing was charged"),
    ).toBeInTheDocument();
    expect((await cardOf("Free Gig")).getByText("Cancelled on Nov 25, 2026 — nothing was charged")).toBeInTheDocument();
  });

  it("says what a reservation made without card payments owes at the door", async () => {
    mockApi({ "GET /api/tickets/my": () => [mine({ quantity: 2, totalAmount: "50.00", paidAt: null })] }, memberUser);
    renderPage(<MyTicketsPage />, "/my-tickets");
    const card = await cardOf("Neon Nights");
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
