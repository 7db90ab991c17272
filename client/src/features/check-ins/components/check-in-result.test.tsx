import { cleanup, render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import type { CheckInOutcome, ScannedTicket } from "@shared/check-ins";
import { formatDayTime, viewerTimeZone } from "@shared/dates";
import { CheckInResultPanel } from "./check-in-result";

const ticket: ScannedTicket = {
  confirmationCode: "ABCDEFGH23",
  position: 2,
  ticketCode: "ABCDEFGH23-2",
  eventId: "e1",
  eventName: "Harbor Lights",
  eventDate: "2030-03-14",
  eventTime: "20:00",
  quantity: 3,
  checkedIn: 2,
  holderName: "Marisol Vega",
  status: "confirmed",
};

function show(response: CheckInOutcome, onAdmitNext?: (code: string) => void) {
  const { container } = render(<CheckInResultPanel response={response} onAdmitNext={onAdmitNext} />);
  const panel = container.querySelector("section")!;
  return { panel, heading: screen.getByRole("heading", { level: 2 }) };
}

describe("the check-in result panel", () => {
  it("says Admitted with which ticket of the order, whose, the event and how many are left", async () => {
    const onAdmitNext = vi.fn();
    const { panel, heading } = show({ result: "admitted", ticket }, onAdmitNext);
    expect(heading).toHaveTextContent("Admitted");
    expect(panel).toHaveTextContent("Ticket 2 of 3 · Marisol Vega");
    expect(panel).toHaveTextContent("Harbor Lights · 1 more ticket on this order");
    await userEvent.click(screen.getByRole("button", { name: "Admit next ticket" }));
    expect(onAdmitNext).toHaveBeenCalledWith("ABCDEFGH23");
  });

  it("offers no next ticket when the order's last one was admitted, and names a one-ticket order plainly", () => {
    const { panel } = show(
      { result: "admitted", ticket: { ...ticket, position: 1, quantity: 1, checkedIn: 1 } },
      vi.fn(),
    );
    expect(panel).toHaveTextContent("1 ticket · Marisol Vega");
    expect(panel).not.toHaveTextContent("more ticket");
    expect(screen.queryByRole("button", { name: "Admit next ticket" })).toBeNull();
  });

  it("says Already used with which ticket, when and by whom", () => {
    const checkedInAt = "2030-03-14T20:05:00.000Z";
    const { heading, panel } = show({ result: "already-used", ticket, checkedInAt, checkedInBy: "Dana Door" });
    expect(heading).toHaveTextContent("Already used");
    expect(panel).toHaveTextContent("Ticket 2 of 3 · Marisol Vega");
    expect(panel).toHaveTextContent(
      `Checked in ${formatDayTime(checkedInAt, viewerTimeZone(), { year: "other-years" })} by Dana Door.`,
    );
  });

  it("says every ticket of an order was used when its code admits no more, and when the last one was", () => {
    const last = { ...ticket, position: 3, ticketCode: "ABCDEFGH23-3", checkedIn: 3 };
    const checkedInAt = "2030-03-14T20:05:00.000Z";
    const { panel } = show({ result: "already-used", ticket: last, checkedInAt, checkedInBy: "Dana Door" });
    expect(panel).toHaveTextContent("Ticket 3 of 3 · Marisol Vega");
    expect(panel).toHaveTextContent(
      `All 3 tickets of this order have been used. Checked in ${formatDayTime(checkedInAt, viewerTimeZone(), { year: "other-years" })} by Dana Door.`,
    );
    cleanup();
    const legacy = { ...ticket, position: null, ticketCode: null, checkedIn: 3 };
    const whole = show({ result: "already-used", ticket: legacy, checkedInAt: null, checkedInBy: null });
    expect(whole.panel).toHaveTextContent("3 tickets · Marisol Vega");
    expect(whole.panel).toHaveTextContent("All 3 tickets of this order have been used.");
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
    const { heading, panel } = show({ result: "wrong-event", ticket });
    expect(heading).toHaveTextContent("Wrong event");
    expect(panel).toHaveTextContent("This ticket is for Harbor Lights on Thursday, March 14, 2030 at 8:00 PM.");
  });

  it("says Event cancelled and not to admit, with the ticket", () => {
    const { heading, panel } = show({ result: "event-cancelled", ticket });
    expect(heading).toHaveTextContent("Event cancelled");
    expect(panel).toHaveTextContent("This event was cancelled. Do not admit.");
    expect(panel).toHaveTextContent("Marisol Vega");
  });

  it("says Wrong day, naming the day and time the ticket is for", () => {
    const { heading, panel } = show({ result: "wrong-day", ticket });
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
    ] as CheckInOutcome[];
    for (const response of responses) {
      const { container, unmount } = render(<CheckInResultPanel response={response} />);
      expect(container.querySelector("section")).toHaveAttribute("data-result", response.result);
      expect(container.querySelector("h2 svg[aria-hidden='true']")).not.toBeNull();
      unmount();
    }
  });
});
