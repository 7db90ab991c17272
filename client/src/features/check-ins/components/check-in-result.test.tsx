import { cleanup, render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import type { CheckInResponse, ScannedTicket } from "@shared/check-ins";
import { CheckInResultPanel } from "./check-in-result";

const ticket: ScannedTicket = {
  confirmationCode: "ABCDEFGH23",
  eventId: "e1",
  eventName: "Harbor Lights",
  eventDate: "2030-03-14",
  eventTime: "20:00",
  quantity: 3,
  holderName: "Marisol Vega",
  status: "used",
};

function show(response: CheckInResponse) {
  const { container } = render(<CheckInResultPanel response={response} />);
  const panel = container.querySelector("section")!;
  return { panel, heading: screen.getByRole("heading", { level: 2 }) };
}

describe("the check-in result panel", () => {
  it("says Admitted with the event, quantity and holder", () => {
    const { panel, heading } = show({ result: "admitted", ticket });
    expect(heading).toHaveTextContent("Admitted");
    expect(panel).toHaveTextContent("EventHarbor Lights");
    expect(panel).toHaveTextContent("Quantity3 tickets");
    expect(panel).toHaveTextContent("HolderMarisol Vega");
  });

  it("says Already used with when and by whom", () => {
    const checkedInAt = "2030-03-14T20:05:00.000Z";
    const { heading, panel } = show({ result: "already-used", ticket, checkedInAt, checkedInBy: "Dana Door" });
    expect(heading).toHaveTextContent("Already used");
    const expectedTime = new Date(checkedInAt).toLocaleString("en-US", { dateStyle: "medium", timeStyle: "short" });
    expect(panel).toHaveTextContent(`Checked in ${expectedTime} by Dana Door.`);
  });

  it("tells a refunded ticket from a cancelled one, and says not to admit", () => {
    expect(show({ result: "cancelled", ticket: { ...ticket, status: "refunded" } }).heading).toHaveTextContent(
      "Refunded",
    );
    cleanup();
    const { heading, panel } = show({ result: "cancelled", ticket: { ...ticket, status: "cancelled" } });
    expect(heading).toHaveTextContent("Cancelled");
    expect(panel).toHaveTextContent("This ticket was cancelled. Do not admit.");
  });

  it("names the event a wrong-event ticket is for", () => {
    const { heading, panel } = show({ result: "wrong-event", ticket: { ...ticket, status: "confirmed" } });
    expect(heading).toHaveTextContent("Wrong event");
    expect(panel).toHaveTextContent("This ticket is for Harbor Lights on Thursday, March 14, 2030 at 8:00 PM.");
  });

  it("says Event cancelled and not to admit, with the ticket", () => {
    const { heading, panel } = show({ result: "event-cancelled", ticket: { ...ticket, status: "confirmed" } });
    expect(heading).toHaveTextContent("Event cancelled");
    expect(panel).toHaveTextContent("This event was cancelled. Do not admit.");
    expect(panel).toHaveTextContent("HolderMarisol Vega");
  });

  it("says Wrong day, naming the day and time the ticket is for", () => {
    const { heading, panel } = show({ result: "wrong-day", ticket: { ...ticket, status: "confirmed" } });
    expect(heading).toHaveTextContent("Wrong day");
    expect(panel).toHaveTextContent(
      "This ticket is for Harbor Lights on Thursday, March 14, 2030 at 8:00 PM, not today. Do not admit.",
    );
  });

  it("says Unknown ticket and what to do instead", () => {
    const { heading, panel } = show({ result: "unknown" });
    expect(heading).toHaveTextContent("Unknown ticket");
    expect(panel).toHaveTextContent("find the order by the buyer's e-mail");
  });

  it("marks every result with an icon as well as a colour", () => {
    const responses = [
      { result: "admitted", ticket },
      { result: "event-cancelled", ticket },
      { result: "wrong-day", ticket },
      { result: "unknown" },
    ] as CheckInResponse[];
    for (const response of responses) {
      const { container, unmount } = render(<CheckInResultPanel response={response} />);
      expect(container.querySelector("section")).toHaveAttribute("data-result", response.result);
      expect(container.querySelector("h2 svg[aria-hidden='true']")).not.toBeNull();
      unmount();
    }
  });
});
