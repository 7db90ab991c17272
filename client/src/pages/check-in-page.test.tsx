import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { CheckInResponse } from "@shared/check-ins";
import { memberUser, mockApi, renderPage } from "@/test/page-harness";
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
  eventId: "e1",
  eventName: "Harbor Lights",
  eventDate: "2030-03-14",
  eventTime: "20:00",
  quantity: 2,
  holderName: "Marisol Vega",
  status: "used",
};

afterEach(() => vi.unstubAllGlobals());

describe("Check-in page", () => {
  it("shows members the administrators-only notice and loads nothing", async () => {
    const calls = mockApi({}, memberUser);
    renderPage(<CheckInPage />, "/check-in");
    expect(await screen.findByRole("heading", { name: "Administrator access required" })).toBeInTheDocument();
    expect(calls.map((c) => c.url)).toEqual(["/api/auth/user"]);
  });

  it("checks in a typed code, announces the result, then clears and refocuses the field for the next one", async () => {
    const answers: CheckInResponse[] = [
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

  it("finds an order by the buyer's e-mail and admits it with its code", async () => {
    const calls = mockApi({
      "GET /api/events": () => [event],
      "GET /api/check-ins/search?q=marisol": () => [
        {
          confirmationCode: "ABCDEFGH23",
          holderName: "Marisol Vega",
          email: "marisol@x.test",
          quantity: 2,
          status: "confirmed",
          eventName: "Harbor Lights",
          checkedInAt: null,
        },
      ],
      "POST /api/check-ins": () => ({ result: "admitted", ticket }),
    });
    renderPage(<CheckInPage />, "/check-in");
    await userEvent.type(await screen.findByLabelText("Buyer e-mail"), "marisol{Enter}");
    const results = await screen.findByRole("list", { name: "Matching orders" });
    expect(results).toHaveTextContent("marisol@x.test");

    await userEvent.click(within(results).getByRole("button", { name: "Admit ABCDEFGH23" }));

    expect(await within(screen.getByRole("status")).findByRole("heading", { name: "Admitted" })).toBeInTheDocument();
    expect(calls.find((c) => c.method === "POST")?.body).toEqual({ code: "ABCDEFGH23" });
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
