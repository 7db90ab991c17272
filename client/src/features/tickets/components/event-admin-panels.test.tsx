import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { json, mockApi, renderPage } from "@/test/page-harness";
import { PromoCodesPanel } from "./promo-codes-panel";
import { WaitlistPanel } from "./waitlist-panel";

const EVENT = "e1";
const code = {
  id: "p1",
  eventId: EVENT,
  code: "EARLY25",
  percentOff: "25.00",
  amountOff: null,
  maxUses: 10,
  startsAt: null,
  endsAt: null,
  active: true,
  createdAt: "2026-11-01T10:00:00.000Z",
  uses: 3,
};
const entry = (id: string, over: object) => ({
  id,
  email: `${id}@fans.test`,
  name: null,
  quantity: 2,
  status: "waiting",
  position: 1,
  offeredAt: null,
  offerExpiresAt: null,
  createdAt: "2026-11-01T10:00:00.000Z",
  ...over,
});

afterEach(() => vi.unstubAllGlobals());

describe("an event's promo codes on the admin screen", () => {
  it("lists each code with its discount and uses, adds one, and deactivates one", async () => {
    const user = userEvent.setup();
    const calls = mockApi({
      [`GET /api/events/${EVENT}/promo-codes`]: () => [code],
      [`POST /api/events/${EVENT}/promo-codes`]: ({ body }) => json({ ...code, id: "p2", ...(body as object) }, 201),
      "PATCH /api/promo-codes/p1": ({ body }) => ({ ...code, ...(body as object) }),
    });
    renderPage(<PromoCodesPanel eventId={EVENT} />);
    const list = await screen.findByRole("list", { name: "Promo codes" });
    expect(within(list).getByText("EARLY25")).toBeInTheDocument();
    expect(within(list).getByText("25% off · 3 of 10 used")).toBeInTheDocument();

    await user.type(screen.getByLabelText("Code"), "FIVE");
    await user.selectOptions(screen.getByLabelText("Discount"), "amount");
    await user.type(screen.getByLabelText("Discount value"), "5");
    await user.click(screen.getByRole("button", { name: "Add code" }));
    await waitFor(() => expect(calls.some((c) => c.method === "POST")).toBe(true));
    expect(calls.find((c) => c.method === "POST")?.body).toEqual({
      code: "FIVE",
      amountOff: "5",
      maxUses: null,
      endsAt: null,
    });

    await user.click(screen.getByRole("button", { name: "Deactivate code EARLY25" }));
    await waitFor(() => expect(calls.some((c) => c.method === "PATCH")).toBe(true));
    expect(calls.find((c) => c.method === "PATCH")?.body).toEqual({ code: "EARLY25", active: false });
  });
});

describe("an event's waiting list on the admin screen", () => {
  it("shows position, status and quantity, offers now or removes, and links the CSV", async () => {
    const user = userEvent.setup();
    const calls = mockApi({
      [`GET /api/events/${EVENT}/waitlist`]: () => [
        entry("ana", { name: "Ana" }),
        entry("ben", { status: "bought", position: null, quantity: 1 }),
      ],
      "POST /api/waitlist-entries/ana/offer": () => entry("ana", { status: "offered" }),
      "DELETE /api/waitlist-entries/ana": () => json(null, 204),
    });
    renderPage(<WaitlistPanel eventId={EVENT} />);
    const list = await screen.findByRole("list", { name: "Waiting list" });
    const [ana, ben] = within(list).getAllByRole("listitem");
    expect(ana).toHaveTextContent("1. Ana · ana@fans.test");
    expect(ana).toHaveTextContent("2 tickets · waiting");
    // Someone who bought is listed but cannot be offered or removed.
    expect(ben).toHaveTextContent("1 ticket · bought");
    expect(within(ben).queryByRole("button")).toBeNull();
    expect(screen.getByRole("link", { name: "Download CSV" })).toHaveAttribute(
      "href",
      expect.stringContaining(`/api/events/${EVENT}/waitlist.csv`),
    );
    await user.click(within(ana).getByRole("button", { name: "Offer now" }));
    await waitFor(() => expect(calls.some((c) => c.method === "POST")).toBe(true));
    await user.click(within(ana).getByRole("button", { name: "Remove" }));
    await waitFor(() => expect(calls.some((c) => c.method === "DELETE")).toBe(true));
  });
});
