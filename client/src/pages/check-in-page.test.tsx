import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { CheckInOutcome } from "@shared/check-ins";
import { json, memberUser, mockApi, renderPage } from "@/test/page-harness";
import { CheckInPage } from "./check-in-page";

const event = {
  id: "e1",
  name: "Harbor Lights",
  artist: "Nova Reign",
  venue: "Harborview Arena",
  date: "2030-03-14",
  time: "20:00",
  description: null,
  imageUrl: null,
  totalTickets: 10,
  availableTickets: 7,
  ticketPrice: "25.00",
  status: "on-sale",
  createdAt: "2030-01-01T00:00:00.000Z",
};
const ticket = {
  confirmationCode: "ABCDEFGH23",
  position: 1,
  ticketCode: "ABCDEFGH23-1",
  eventId: "e1",
  eventName: "Harbor Lights",
  eventDate: "2030-03-14",
  eventTime: "20:00",
  quantity: 2,
  checkedIn: 1,
  holderName: "Marisol Vega",
  status: "confirmed",
};
const row = (overrides: Record<string, unknown> = {}) => ({
  confirmationCode: "ABCDEFGH23",
  holderName: "Marisol Vega",
  email: "marisol@x.test",
  quantity: 2,
  checkedIn: 0,
  status: "confirmed",
  eventName: "Harbor Lights",
  checkedInAt: null,
  ...overrides,
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe("Check-in page", () => {
  it("shows members the administrators-only notice and loads nothing", async () => {
    const calls = mockApi({}, memberUser);
    renderPage(<CheckInPage />, "/check-in");
    expect(await screen.findByRole("heading", { name: "Administrator access required" })).toBeInTheDocument();
    // The user is already known (the app asked before it showed the page): nothing else is read.
    expect(calls).toEqual([]);
  });

  it("checks in a typed code, announces the result, then clears and refocuses the field for the next one", async () => {
    const answers: CheckInOutcome[] = [
      { result: "admitted", ticket },
      { result: "already-used", ticket, checkedInAt: "2030-03-14T20:05:00.000Z", checkedInBy: "Dana Door" },
    ];
    const calls = mockApi({ "GET /api/events": () => [event], "POST /api/check-ins": () => answers.shift() });
    renderPage(<CheckInPage />, "/check-in");
    const field = await screen.findByLabelText("Confirmation code");

    await userEvent.type(field, "abcd-efgh23{Enter}");

    const status = screen.getByRole("status");
    expect(await within(status).findByRole("heading", { name: "Admitted" })).toBeInTheDocument();
    expect(status).toHaveTextContent("Marisol Vega");
    expect(calls.find((c) => c.method === "POST")?.body).toEqual({ code: "abcd-efgh23" });
    expect(field).toHaveValue("");
    await waitFor(() => expect(field).toHaveFocus());

    await userEvent.type(field, "ABCDEFGH23");
    await userEvent.click(screen.getByRole("button", { name: "Check in" }));
    expect(await within(status).findByRole("heading", { name: "Already used" })).toBeInTheDocument();
    expect(status).toHaveTextContent("by Dana Door");
  });

  it("puts the answer above the code field in a space kept for it, so the field and Start camera stay where they are", async () => {
    mockApi({ "GET /api/events": () => [event], "POST /api/check-ins": () => ({ result: "admitted", ticket }) });
    renderPage(<CheckInPage />, "/check-in");
    const field = await screen.findByLabelText("Confirmation code");
    const answer = screen.getByRole("status");
    const camera = screen.getByRole("button", { name: "Start camera" });
    expect(answer).toHaveTextContent("Scan a ticket or type its code: the answer shows here.");
    expect(answer.compareDocumentPosition(field)).toBe(Node.DOCUMENT_POSITION_FOLLOWING);
    expect(field.compareDocumentPosition(camera)).toBe(Node.DOCUMENT_POSITION_FOLLOWING);
    expect(answer).toHaveClass("min-h-56");

    await userEvent.type(field, "ABCDEFGH23{Enter}");

    expect(await within(answer).findByRole("heading", { name: "Admitted" })).toBeInTheDocument();
    expect(screen.getByRole("status")).toBe(answer);
  });

  it("admits a group's next ticket from the answer, leaving the focus there rather than opening the keyboard", async () => {
    const answers: CheckInOutcome[] = [
      { result: "admitted", ticket },
      { result: "admitted", ticket: { ...ticket, position: 2, ticketCode: "ABCDEFGH23-2", checkedIn: 2 } },
    ];
    const calls = mockApi({ "GET /api/events": () => [event], "POST /api/check-ins": () => answers.shift() });
    renderPage(<CheckInPage />, "/check-in");
    await userEvent.type(await screen.findByLabelText("Confirmation code"), "ABCDEFGH23{Enter}");
    const status = screen.getByRole("status");
    expect(await within(status).findByText(/1 more ticket on this order/)).toBeInTheDocument();

    await userEvent.click(within(status).getByRole("button", { name: "Admit next ticket" }));

    expect(await within(status).findByText("Ticket 2 of 2 · Marisol Vega")).toBeInTheDocument();
    expect(within(status).queryByRole("button", { name: "Admit next ticket" })).toBeNull();
    expect(calls.filter((c) => c.method === "POST").map((c) => c.body)).toEqual([
      { code: "ABCDEFGH23" },
      { code: "ABCDEFGH23" },
    ]);
    await waitFor(() => expect(status).toHaveFocus());
  });

  it("finds an order by the buyer's e-mail and admits its next ticket with its code", async () => {
    const calls = mockApi({
      "GET /api/events": () => [event],
      "GET /api/check-ins/search?q=marisol": () => [row()],
      "POST /api/check-ins": () => ({ result: "admitted", ticket }),
    });
    renderPage(<CheckInPage />, "/check-in");
    await userEvent.type(await screen.findByRole("searchbox", { name: "Buyer e-mail" }), "marisol{Enter}");
    const results = await screen.findByRole("list", { name: "Matching orders" });
    expect(results).toHaveTextContent("marisol@x.test");

    await userEvent.click(within(results).getByRole("button", { name: "Admit ABCDEFGH23" }));

    expect(await within(screen.getByRole("status")).findByRole("heading", { name: "Admitted" })).toBeInTheDocument();
    expect(calls.find((c) => c.method === "POST")?.body).toEqual({ code: "ABCDEFGH23" });
  });

  it("disables Admit for orders used up or cancelled, keeps each badge in its corner, and names a buyer without a name once", async () => {
    mockApi({
      "GET /api/events": () => [event],
      "GET /api/check-ins/search?q=a": () => [
        row({ confirmationCode: "PARTLYUSED", checkedIn: 1 }),
        row({ confirmationCode: "ALLUSED234", checkedIn: 2 }),
        row({ confirmationCode: "CANCELLED2", status: "cancelled" }),
        row({ confirmationCode: "REFUNDED23", status: "refunded" }),
        row({ confirmationCode: "NONAME2345", holderName: null, email: "anon@x.test" }),
      ],
    });
    renderPage(<CheckInPage />, "/check-in");
    await userEvent.type(await screen.findByRole("searchbox", { name: "Buyer e-mail" }), "a{Enter}");
    const results = within(await screen.findByRole("list", { name: "Matching orders" }));
    const admit = (code: string) => results.getByRole("button", { name: `Admit ${code}` });

    expect(admit("PARTLYUSED")).toBeEnabled();
    expect(admit("NONAME2345")).toBeEnabled();
    for (const code of ["ALLUSED234", "CANCELLED2", "REFUNDED23"]) expect(admit(code)).toBeDisabled();
    expect(results.getAllByRole("listitem").map((item) => item.querySelector("[data-status]")?.textContent)).toEqual([
      "Confirmed",
      "Used",
      "Cancelled",
      "Refunded",
      "Confirmed",
    ]);
    for (const item of results.getAllByRole("listitem")) {
      // The badge sits above the button, in the row's own corner, however the row is worded.
      expect(item.querySelector("[data-status]")?.nextElementSibling).toBe(within(item).getByRole("button"));
    }
    expect(results.getByText("1 of 2 checked in")).toBeInTheDocument();
    expect(results.getAllByText("anon@x.test")).toHaveLength(1);
  });

  it("says plainly when the camera is refused, and keeps the typed way in", async () => {
    mockApi({ "GET /api/events": () => [event] });
    const denied = new DOMException("Permission denied", "NotAllowedError");
    vi.stubGlobal("navigator", { ...navigator, mediaDevices: { getUserMedia: vi.fn().mockRejectedValue(denied) } });
    renderPage(<CheckInPage />, "/check-in");

    await userEvent.click(await screen.findByRole("button", { name: "Start camera" }));

    expect(await screen.findByRole("alert")).toHaveTextContent("Camera access was denied.");
    expect(screen.getByLabelText("Confirmation code")).toBeEnabled();
  });

  it("says when the device has no camera", async () => {
    mockApi({ "GET /api/events": () => [event] });
    vi.stubGlobal("navigator", {
      ...navigator,
      mediaDevices: { getUserMedia: vi.fn().mockRejectedValue(new DOMException("none", "NotFoundError")) },
    });
    renderPage(<CheckInPage />, "/check-in");
    await userEvent.click(await screen.findByRole("button", { name: "Start camera" }));
    expect(await screen.findByRole("alert")).toHaveTextContent("No camera was found on this device.");
  });
});

describe("the check-in desk's events", () => {
  // 23:30 in London on March 14, 2030: 19:30 in New York, 08:30 on the 15th in Tokyo, and
  // 02:30 on the 15th in Moscow, where the 14th's show still admits its late arrivals.
  const NOW = new Date("2030-03-14T23:30:00Z");
  const at = (id: string, name: string, date: string, timeZone: string, extra = {}) => ({
    ...event,
    id,
    name,
    date,
    timeZone,
    maxPerOrder: 10,
    ...extra,
  });
  // Earliest start first: Moscow's 21:00, then Tokyo's 09:00 and New York's 20:00, which
  // are the same instant (and ordered by name).
  const harbor = at("e1", "Harbor Lights", "2030-03-14", "America/New_York");
  const dawn = at("e2", "Dawn Set", "2030-03-15", "Asia/Tokyo", { time: "09:00" });
  const lastNight = at("e3", "Last Night", "2030-03-14", "Europe/Moscow", { time: "21:00" });
  const nextWeek = at("e4", "Next Week", "2030-03-21", "America/New_York");
  const calledOff = at("e5", "Called Off", "2030-03-14", "America/New_York", { status: "cancelled" });
  const summary = (eventId: string) => () => ({ eventId, soldTickets: 4, checkedInTickets: 1 });
  const admitted = () => ({ result: "admitted", ticket });
  const choices = () => within(screen.getByRole("group", { name: "Today's events" })).getAllByRole("button");

  it("opens on today's only event, already chosen, with its count, and admits for it", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(NOW);
    const calls = mockApi({
      "GET /api/events": () => [harbor, nextWeek, calledOff],
      "GET /api/events/e1/check-in-summary": summary("e1"),
      "POST /api/check-ins": admitted,
    });
    renderPage(<CheckInPage />, "/check-in");

    expect(await screen.findByText("1 of 4 tickets checked in")).toBeInTheDocument();
    expect(choices().map((button) => [button.textContent, button.getAttribute("aria-pressed")])).toEqual([
      ["Harbor Lights · 8:00 PM EDT · Harborview Arena", "true"],
    ]);
    await userEvent.type(screen.getByLabelText("Confirmation code"), "ABCDEFGH23{Enter}");
    await within(screen.getByRole("status")).findByRole("heading", { name: "Admitted" });
    expect(calls.find((c) => c.method === "POST")?.body).toEqual({ code: "ABCDEFGH23", eventId: "e1" });
  });

  it("offers each of today's events at its own venue as one tap, any of them until one is chosen", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(NOW);
    const calls = mockApi({
      "GET /api/events": () => [nextWeek, dawn, calledOff, harbor, lastNight],
      "GET /api/events/e2/check-in-summary": summary("e2"),
      "POST /api/check-ins": admitted,
    });
    renderPage(<CheckInPage />, "/check-in");
    await screen.findByRole("group", { name: "Today's events" });

    expect(choices().map((button) => [button.textContent, button.getAttribute("aria-pressed")])).toEqual([
      ["Any of today's events", "true"],
      ["Last Night · 9:00 PM GMT+3 · Harborview Arena", "false"],
      ["Dawn Set · 9:00 AM GMT+9 · Harborview Arena", "false"],
      ["Harbor Lights · 8:00 PM EDT · Harborview Arena", "false"],
    ]);
    expect(screen.queryByText(/tickets checked in/)).toBeNull();

    await userEvent.click(screen.getByRole("button", { name: /^Dawn Set/ }));

    expect(screen.getByRole("button", { name: /^Dawn Set/ })).toHaveAttribute("aria-pressed", "true");
    expect(screen.getByRole("button", { name: "Any of today's events" })).toHaveAttribute("aria-pressed", "false");
    expect(await screen.findByText("1 of 4 tickets checked in")).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText("Confirmation code"), "ABCDEFGH23{Enter}");
    await within(screen.getByRole("status")).findByRole("heading", { name: "Admitted" });
    expect(calls.find((c) => c.method === "POST")?.body).toEqual({ code: "ABCDEFGH23", eventId: "e2" });
  });

  it("says plainly when no event is on today, and still checks what is scanned", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(NOW);
    const wrongDay = { result: "wrong-day", ticket: { ...ticket, status: "confirmed", eventDate: "2030-03-21" } };
    const calls = mockApi({ "GET /api/events": () => [nextWeek, calledOff], "POST /api/check-ins": () => wrongDay });
    renderPage(<CheckInPage />, "/check-in");

    expect(await screen.findByText("No events today.")).toBeInTheDocument();
    expect(screen.getByText("Tickets are admitted only on their event's day.")).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText("Confirmation code"), "ABCDEFGH23{Enter}");
    const status = screen.getByRole("status");
    expect(await within(status).findByRole("heading", { name: "Wrong day" })).toBeInTheDocument();
    expect(status).toHaveTextContent(
      "This ticket is for Harbor Lights on Thursday, March 21, 2030 at 8:00 PM, not today.",
    );
    expect(calls.find((c) => c.method === "POST")?.body).toEqual({ code: "ABCDEFGH23" });
  });

  it("shows a refused code's field error beside the code field, and a refused search's beside the e-mail field", async () => {
    const codeProblem = "This is not a ticket code";
    const searchProblem = "Too big: expected string to have <=254 characters";
    mockApi({
      "GET /api/events": () => [event],
      "POST /api/check-ins": () =>
        json({ message: `Invalid body: code: ${codeProblem}`, fieldErrors: { code: [codeProblem] } }, 400),
      "GET /api/check-ins/search?q=marisol": () =>
        json({ message: `Invalid query: q: ${searchProblem}`, fieldErrors: { q: [searchProblem] } }, 400),
    });
    renderPage(<CheckInPage />, "/check-in");
    const field = await screen.findByLabelText("Confirmation code");
    await userEvent.type(field, "ABCDEFGH23{Enter}");
    await waitFor(() => expect(field).toHaveAttribute("aria-invalid", "true"));
    expect(field).toHaveAccessibleDescription(codeProblem);

    const search = screen.getByRole("searchbox", { name: "Buyer e-mail" });
    await userEvent.type(search, "marisol{Enter}");
    await waitFor(() => expect(search).toHaveAttribute("aria-invalid", "true"));
    expect(search).toHaveAccessibleDescription(searchProblem);
  });

  it("checks a typed code against the scan's own rule before sending it", async () => {
    const calls = mockApi({ "GET /api/events": () => [event] });
    renderPage(<CheckInPage />, "/check-in");
    const field = await screen.findByLabelText("Confirmation code");
    await userEvent.click(field);
    await userEvent.paste("A".repeat(201));
    await userEvent.keyboard("{Enter}");
    expect(await screen.findByText("This is not a ticket code")).toBeInTheDocument();
    expect(field).toHaveAttribute("aria-invalid", "true");
    expect(calls.some((c) => c.method === "POST")).toBe(false);
  });
});
