import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { Route } from "wouter";
import { afterEach, describe, expect, it, onTestFinished, vi } from "vitest";
import { SHOW_PAGE_ROUTE, type ShowDetail, type ShowTickets } from "@shared/shows";
import { makeShow, makeShowDetail, makeVendorSlots } from "@/test/fixtures";
import { json, memberUser, mockApi, renderPage, type ApiCall } from "@/test/page-harness";
import { ShowPage } from "./show-page";

const ID = "0b7f3c1e-4a5d-4c2b-9e8f-1a2b3c4d5e6f";
const EVENT = "e1e1e1e1-0000-4000-8000-000000000001";
const TICKETS: ShowTickets = {
  eventId: EVENT,
  eventName: "Summer Pier Night",
  ticketPrice: "25.00",
  availableTickets: 42,
  status: "on-sale",
  imageUrl: null,
};

function renderShow(show: ShowDetail | Response, user = null as typeof memberUser | null, path = `/shows/${ID}`) {
  const calls: ApiCall[] = mockApi({ [`GET /api/shows/${ID}`]: () => show }, user);
  renderPage(<Route path={SHOW_PAGE_ROUTE} component={ShowPage} />, path);
  return calls;
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe("a show's page", () => {
  it("shows an upcoming show: artist, the venue's date and time with its zone, location and map, calendar and sharing", async () => {
    renderShow(makeShowDetail());
    expect(screen.getByRole("status")).toHaveTextContent("Loading show");

    expect(await screen.findByRole("heading", { level: 1, name: "Nova Reign" })).toBeInTheDocument();
    expect(screen.getByText("Live show")).toBeInTheDocument();
    const when = screen.getByText("Mon, Jul 14, 2031 · 8:00 PM EDT");
    expect(when.tagName).toBe("TIME");
    expect(when).toHaveAttribute("datetime", "2031-07-14T20:00:00-04:00");
    expect(screen.getByText(/Pier 9, New York, NY/)).toBeInTheDocument();
    const map = screen.getByRole("link", { name: /Open map/ });
    expect(map).toHaveAttribute("href", "https://www.openstreetmap.org/search?query=Pier%209%2C%20New%20York%2C%20NY");
    expect(map).toHaveAttribute("target", "_blank");
    expect(map.getAttribute("rel")).toContain("noopener");

    const calendar = screen.getByRole("link", { name: "Add to calendar" });
    expect(calendar).toHaveAttribute("href", `/api/shows/${ID}.ics`);
    expect(calendar).toHaveAttribute("download");
    const pageUrl = `${window.location.origin}/shows/${ID}`;
    const onX = new URL(screen.getByRole("link", { name: /Share on X/ }).getAttribute("href")!);
    expect(onX.origin + onX.pathname).toBe("https://x.com/intent/post");
    expect(onX.searchParams.get("url")).toBe(pageUrl);
    expect(onX.searchParams.get("text")).toBe(
      "Nova Reign live at Pier 9, New York, NY · Mon, Jul 14, 2031 · 8:00 PM EDT",
    );
    const onFacebook = new URL(screen.getByRole("link", { name: /Share on Facebook/ }).getAttribute("href")!);
    expect(onFacebook.searchParams.get("u")).toBe(pageUrl);
    // No share sheet in this browser: no Share button.
    expect(screen.queryByRole("button", { name: "Share" })).not.toBeInTheDocument();
    expect(screen.queryByText("This show has already happened")).not.toBeInTheDocument();
    // The product's title, as the server writes it (with the label's name when set).
    expect(document.title).toBe("Nova Reign — Jul 14, 2031 at Pier 9, New York, NY | Label Records");
  });

  it("keeps the title the server wrote with the label's own name", async () => {
    document.title = "Nova Reign — Jul 14, 2031 at Pier 9, New York, NY | Moonlit Tapes";
    renderShow(makeShowDetail());
    expect(await screen.findByRole("heading", { level: 1, name: "Nova Reign" })).toBeInTheDocument();
    expect(document.title).toBe("Nova Reign — Jul 14, 2031 at Pier 9, New York, NY | Moonlit Tapes");
  });

  it("copies the link with a toast, and offers the share sheet where there is one", async () => {
    // userEvent brings its own clipboard; the share sheet is added as a phone has one.
    const user = userEvent.setup();
    const writeText = vi.spyOn(navigator.clipboard, "writeText");
    const share = vi.fn().mockResolvedValue(undefined);
    Object.defineProperty(navigator, "share", { value: share, configurable: true });
    onTestFinished(() => {
      delete (navigator as { share?: unknown }).share;
    });
    renderShow(makeShowDetail());

    await user.click(await screen.findByRole("button", { name: "Copy link" }));
    expect(writeText).toHaveBeenCalledWith(`${window.location.origin}/shows/${ID}`);
    expect(await screen.findByText("Link copied")).toBeInTheDocument();

    await user.click(screen.getByRole("button", { name: "Share" }));
    expect(share).toHaveBeenCalledWith(expect.objectContaining({ url: `${window.location.origin}/shows/${ID}` }));
  });

  it("lists vendor spots per type with what is left, and books through the vendor page", async () => {
    renderShow(makeShowDetail({ vendorSlots: makeVendorSlots({ standard: 3, premium: 1, deluxe: 0 }) }));
    const panel = (await screen.findByRole("heading", { name: "Food vendor spots" })).closest("section")!;
    const rows = within(panel).getAllByRole("listitem");
    expect(rows.map((row) => row.textContent)).toEqual([
      "Standard Spot$150.003 left",
      "Premium Spot$300.001 left",
      "Deluxe Spot$500.00Sold out",
    ]);
    expect(within(panel).getByRole("link", { name: "Book Vendor Slot" })).toHaveAttribute(
      "href",
      `/vendor-booking?show=${ID}`,
    );
  });

  it("says so when every vendor spot is taken, with no booking button", async () => {
    renderShow(makeShowDetail({ vendorSlots: makeVendorSlots({ standard: 0, premium: 0, deluxe: 0 }) }));
    const panel = (await screen.findByRole("heading", { name: "Food vendor spots" })).closest("section")!;
    expect(within(panel).getAllByText("Sold out")).toHaveLength(3);
    expect(within(panel).getByText("Every vendor spot for this show is sold out.")).toBeInTheDocument();
    expect(within(panel).queryByRole("link")).toBeNull();
  });

  it("links a member to the purchase on the tickets page, with the price and tickets left", async () => {
    renderShow(makeShowDetail({ eventId: EVENT, tickets: TICKETS }), memberUser);
    const panel = (await screen.findByRole("heading", { name: "Tickets" })).closest("section")!;
    expect(panel).toHaveTextContent("Summer Pier Night");
    expect(panel).toHaveTextContent("$25.00 per ticket");
    expect(panel).toHaveTextContent("42 tickets left");
    expect(within(panel).getByRole("link", { name: "Buy Tickets" })).toHaveAttribute("href", `/tickets?event=${EVENT}`);
  });

  it("sends a visitor through sign-in that comes back to the purchase", async () => {
    renderShow(makeShowDetail({ eventId: EVENT, tickets: TICKETS }));
    const link = await screen.findByRole("link", { name: "Log in to buy tickets" });
    expect(link).toHaveAttribute("href", `/api/login?returnTo=${encodeURIComponent(`/tickets?event=${EVENT}`)}`);
  });

  it.each([
    [{ status: "sold-out" }, "Sold out", "No tickets are left for this show."],
    [{ availableTickets: 0 }, "Sold out", "No tickets are left for this show."],
    [{ status: "cancelled" }, "Cancelled", "This show was cancelled."],
  ])("shows the sold-out and cancelled states without a ticket link (%#)", async (overrides, badge, note) => {
    renderShow(makeShowDetail({ eventId: EVENT, tickets: { ...TICKETS, ...overrides } }), memberUser);
    const panel = (await screen.findByRole("heading", { name: "Tickets" })).closest("section")!;
    expect(within(panel).getByText(badge)).toBeInTheDocument();
    expect(within(panel).getByText(note)).toBeInTheDocument();
    expect(within(panel).queryByRole("link")).toBeNull();
  });

  it("has no ticket panel when no event is linked", async () => {
    renderShow(makeShowDetail());
    await screen.findByRole("heading", { name: "Food vendor spots" });
    expect(screen.queryByRole("heading", { name: "Tickets" })).not.toBeInTheDocument();
  });

  it("says a past show has happened and lists the artist's upcoming shows", async () => {
    const next = makeShow({
      id: "33333333-3333-4333-8333-333333333333",
      date: "2031-09-20",
      startsAt: "2031-09-20T19:30:00+01:00",
      time: "19:30",
      timeZone: "Europe/London",
      location: "Roundhouse, London",
    });
    renderShow(
      makeShowDetail({
        past: true,
        date: "2026-03-01",
        startsAt: "2026-03-01T20:00:00-05:00",
        vendorSlots: [],
        tickets: { ...TICKETS, status: "completed" },
        moreByArtist: [next],
      }),
    );
    expect(await screen.findByText("This show has already happened")).toBeInTheDocument();
    expect(screen.getByText("Past show")).toBeInTheDocument();
    expect(screen.queryByRole("link", { name: "Add to calendar" })).not.toBeInTheDocument();
    expect(screen.queryByRole("heading", { name: "Tickets" })).not.toBeInTheDocument();
    expect(screen.queryByRole("heading", { name: "Food vendor spots" })).not.toBeInTheDocument();
    const more = screen.getByRole("heading", { name: "More shows by Nova Reign" }).closest("section")!;
    const link = within(more).getByRole("link");
    expect(link).toHaveAttribute("href", `/shows/${next.id}`);
    expect(link).toHaveTextContent("Roundhouse, London");
    expect(link).toHaveTextContent("Sat, Sep 20, 2031 · 7:30 PM GMT+1");
  });

  it("says when a past show's artist has nothing coming up", async () => {
    renderShow(makeShowDetail({ past: true, vendorSlots: [], moreByArtist: [] }));
    expect(await screen.findByText("No upcoming shows by Nova Reign yet. Check back soon.")).toBeInTheDocument();
  });

  it("shows a clear not-found state for an unknown show", async () => {
    renderShow(json({ message: "Show not found" }, 404));
    expect(await screen.findByRole("heading", { level: 1, name: "Show not found" })).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "See tour dates" })).toHaveAttribute("href", "/#tour-dates");
    expect(document.title).toBe("Show not found — Label Records");
  });

  it("does not ask the API for a path that is not a show id", async () => {
    const calls = renderShow(makeShowDetail(), null, "/shows/past");
    expect(await screen.findByRole("heading", { level: 1, name: "Show not found" })).toBeInTheDocument();
    expect(calls.some((call) => call.url.startsWith("/api/shows"))).toBe(false);
  });

  it("offers to try again when the show cannot be loaded", async () => {
    let fail = true;
    mockApi({ [`GET /api/shows/${ID}`]: () => (fail ? json({ message: "Boom" }, 500) : makeShowDetail()) }, null);
    const user = userEvent.setup();
    renderPage(<Route path={SHOW_PAGE_ROUTE} component={ShowPage} />, `/shows/${ID}`);
    expect(await screen.findByText("Could not load this show.")).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole("button", { name: "Try again" }));
    expect(await screen.findByRole("heading", { level: 1, name: "Nova Reign" })).toBeInTheDocument();
  });

  it("opens inside the dashboard layout for a signed-in member", async () => {
    renderShow(makeShowDetail(), memberUser);
    expect(await screen.findByRole("navigation", { name: "Dashboard" })).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole("heading", { level: 1, name: "Nova Reign" })).toBeInTheDocument());
    expect(screen.queryByRole("link", { name: "All tour dates" })).not.toBeInTheDocument();
  });
});
