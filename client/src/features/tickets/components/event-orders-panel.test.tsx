import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { formatDayTime, viewerTimeZone } from "@shared/dates";
import { mockApi, renderPage } from "@/test/page-harness";
import { EventOrdersPanel } from "./event-orders-panel";

const ordered = new Date(2031, 10, 25, 18, 2).toISOString();
const order = (overrides: Record<string, unknown> = {}) => ({
  id: "o1",
  quantity: 3,
  totalAmount: "75.00",
  status: "confirmed",
  purchaseDate: ordered,
  confirmationCode: "ABCDEFGH23",
  paidAt: "2031-11-25T18:03:00.000Z",
  cancelledAt: null,
  refundedAt: null,
  buyerName: "Frankie Fan",
  buyerEmail: "fan@x.test",
  checkedInTickets: 0,
  ...overrides,
});

afterEach(() => vi.unstubAllGlobals());

async function openOrders(orders: object[]) {
  mockApi({ "GET /api/events/e1/orders": () => orders });
  renderPage(<EventOrdersPanel event={{ id: "e1", name: "Harbor Lights", status: "on-sale" }} />);
  await userEvent.click(screen.getByRole("button", { name: "Show orders" }));
  return within(await screen.findByRole("list", { name: "Ticket orders" }));
}

describe("an event's orders (admin)", () => {
  it("reads each order as tickets, total, code, buyer e-mail and when it was ordered, naming a buyer once", async () => {
    const list = await openOrders([
      order(),
      order({ id: "o2", buyerName: null, buyerEmail: "anon@x.test", quantity: 1 }),
    ]);
    const [named, unnamed] = list.getAllByRole("listitem");
    expect(named).toHaveTextContent("Frankie Fan");
    expect(
      within(named).getByText(
        `3 tickets · $75.00 · ABCDEFGH23 · fan@x.test · ordered ${formatDayTime(ordered, viewerTimeZone(), { year: "other-years" })}`,
      ),
    ).toBeInTheDocument();
    expect(within(unnamed).getAllByText(/anon@x\.test/)).toHaveLength(1);
    expect(unnamed).toHaveTextContent("1 ticket · $75.00");
  });

  it("offers no Cancel once someone was admitted on the order, says how many, and calls it used once all were", async () => {
    const list = await openOrders([order({ checkedInTickets: 2 }), order({ id: "o2", checkedInTickets: 3 })]);
    const [partly, all] = list.getAllByRole("listitem");
    expect(within(partly).getByText("2 of 3 checked in")).toBeInTheDocument();
    expect(within(partly).getByText("Confirmed")).toBeInTheDocument();
    expect(within(all).getByText("Used")).toBeInTheDocument();
    expect(list.queryByRole("button", { name: /^Cancel order/ })).toBeNull();
  });

  it("says in the cancel confirmation whether and how much is refunded", async () => {
    const list = await openOrders([
      order(),
      order({ id: "o2", confirmationCode: "RESERVED23", paidAt: null }),
      order({ id: "o3", confirmationCode: "FREEORDER2", paidAt: null, totalAmount: "0.00" }),
      order({ id: "o4", confirmationCode: "HELDORDER2", paidAt: null, status: "pending" }),
    ]);
    const consequences = async (code: string) => {
      await userEvent.click(list.getByRole("button", { name: `Cancel order ${code}` }));
      const dialog = await screen.findByRole("alertdialog", { name: `Cancel order ${code}?` });
      const text = dialog.textContent;
      await userEvent.click(within(dialog).getByRole("button", { name: "Keep it" }));
      return text;
    };
    expect(await consequences("ABCDEFGH23")).toContain(
      "3 tickets go back on sale, $75.00 is refunded to the buyer's card and the buyer is e-mailed.",
    );
    expect(await consequences("RESERVED23")).toContain(
      "It was to be paid at the door: nothing was charged, so there is no refund.",
    );
    expect(await consequences("FREEORDER2")).toContain("It was free: nothing was charged, so there is no refund.");
    expect(await consequences("HELDORDER2")).toContain(
      "The buyer has not paid yet, so nothing is refunded; a card payment that still arrives is refunded automatically.",
    );
  });

  it("says the orders did not load, in the same words as every page, and tries again when asked", async () => {
    let fail = true;
    mockApi({
      "GET /api/events/e1/orders": () => (fail ? new Response("", { status: 500 }) : [order()]),
    });
    renderPage(<EventOrdersPanel event={{ id: "e1", name: "Harbor Lights", status: "on-sale" }} />);
    await userEvent.click(screen.getByRole("button", { name: "Show orders" }));
    const alert = await screen.findByRole("alert");
    expect(alert).toHaveTextContent("Could not load the orders.");
    fail = false;
    await userEvent.click(within(alert).getByRole("button", { name: "Try again" }));
    expect(await screen.findByRole("list", { name: "Ticket orders" })).toBeInTheDocument();
  });
});
