import { render, screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import type { InvoiceEvent } from "@shared/invoice-events";
import { InvoiceTimeline } from "./invoice-timeline";

const event = (id: string, kind: InvoiceEvent["kind"], detail: InvoiceEvent["detail"] = {}) => ({
  id,
  invoiceId: "inv-1",
  kind,
  detail,
  actorId: null,
  at: "2031-03-14T15:00:00.000Z",
});

describe("the invoice timeline", () => {
  it("says in plain words that a card payment was refunded, how much and why", () => {
    render(
      <InvoiceTimeline
        events={[
          event("1", "cancelled"),
          event("2", "payment-refunded", { amount: "107.50", refundReason: "cancelled", to: "rosa@client.test" }),
          event("3", "payment-refunded", { amount: "100.00", refundReason: "changed" }),
          event("4", "payment-refunded", { amount: "50.00", refundReason: "paid" }),
        ]}
      />,
    );
    const lines = within(screen.getByRole("region", { name: "Timeline" }))
      .getAllByRole("listitem")
      .map((li) => li.firstChild?.textContent);
    expect(lines).toEqual([
      "Cancelled",
      "Card payment of $107.50 refunded to the client: the invoice was cancelled",
      "Card payment of $100.00 refunded to the client: the invoice's total changed after the payment began",
      "Card payment of $50.00 refunded to the client: the invoice had already been paid",
    ]);
  });
});
