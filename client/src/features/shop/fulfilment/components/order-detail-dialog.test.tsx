import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { json, mockApi, renderPage } from "@/test/page-harness";
import { MerchandiseOrdersPanel } from "../../orders/components/merchandise-orders-panel";
import { RequestReturnForm } from "./request-return-form";

const ORDER_ID = "33333333-3333-4333-8333-333333333333";
const LINE = "44444444-4444-4444-8444-444444444444";
const RETURN_ID = "77777777-7777-4777-8777-777777777777";

const listed = {
  id: ORDER_ID,
  merchandiseId: null,
  itemName: null,
  unitPrice: null,
  quantity: null,
  totalAmount: "64.80",
  customerEmail: "fan@label.test",
  paymentStatus: "paid",
  status: "partially-shipped",
  orderNumber: 1001,
  shipName: "Robin Buyer",
  paymentIntentId: "pi_1",
  createdAt: "2030-01-02T10:00:00.000Z",
  paidAt: "2030-01-02T10:01:00.000Z",
};

const orderLine = {
  id: LINE,
  variantId: null,
  sku: "TEE-M-BLK",
  options: { Size: "M", Colour: "Black" },
  itemName: "Tour Shirt",
  quantity: 3,
  unitPrice: "20.00",
  tax: "4.80",
  shipsFrom: null,
  shippedQuantity: 2,
  returnedQuantity: 0,
  refundedQuantity: 0,
};

const detail = {
  id: ORDER_ID,
  orderNumber: 1001,
  status: "partially-shipped",
  paymentStatus: "paid",
  customerEmail: "fan@label.test",
  address: {
    name: "Robin Buyer",
    line1: "1 Vinyl Way",
    line2: null,
    city: "Portland",
    region: "OR",
    postalCode: "97201",
    country: "US",
  },
  subtotal: "60.00",
  shipping: "0.00",
  tax: "4.80",
  total: "64.80",
  refundedAmount: "0.00",
  cancelling: false,
  createdAt: "2030-01-02T10:00:00.000Z",
  paidAt: "2030-01-02T10:01:00.000Z",
  lines: [orderLine],
  downloads: [],
  refunds: [] as unknown[],
  fulfilments: [
    {
      id: "f1",
      carrier: "UPS",
      trackingNumber: "1Z999",
      trackingUrl: "https://www.ups.com/track?tracknum=1Z999",
      shippedAt: "2030-01-03T10:00:00.000Z",
      lines: [{ lineId: LINE, quantity: 2 }],
    },
  ],
  returns: [
    {
      id: RETURN_ID,
      status: "requested",
      reason: "Too small",
      restock: false,
      refundAmount: null,
      requestedAt: "2030-01-05T10:00:00.000Z",
      refundedAt: null,
      lines: [{ lineId: LINE, quantity: 1 }],
    },
  ],
};

afterEach(() => vi.unstubAllGlobals());

describe("the admin's orders panel", () => {
  it("lists an order from before the shop with quantity, item, buyer, total and payment status", async () => {
    mockApi({
      "GET /api/merchandise-orders": () => [
        { ...listed, itemName: "Tour Shirt", quantity: 2, unitPrice: "19.99", totalAmount: "39.98", status: "paid" },
      ],
    });
    renderPage(<MerchandiseOrdersPanel />);
    const row = (await screen.findByText("2 × Tour Shirt")).closest("li")!;
    expect(within(row).getByText("fan@label.test")).toBeInTheDocument();
    expect(within(row).getByText("$39.98")).toBeInTheDocument();
    expect(within(row).getByText("Paid")).toBeInTheDocument();
  });

  it("filters by status, searches, and opens an order with its parcels, returns, packing slip and Ship", async () => {
    const calls = mockApi({
      "GET /api/merchandise-orders": () => [listed],
      "GET /api/merchandise-orders?status=unshipped": () => [listed],
      "GET /api/merchandise-orders?status=unshipped&q=1Z999": () => [listed],
      [`GET /api/merchandise-orders/${ORDER_ID}`]: () => detail,
      [`POST /api/merchandise-orders/${ORDER_ID}/returns`]: () => json({ ...detail, returns: [] }, 201),
    });
    renderPage(<MerchandiseOrdersPanel />);
    const row = (await screen.findByText("Order #1001")).closest("li")!;
    // The number once: in the title of an order of several lines.
    expect(row.textContent!.match(/#1001/g)).toHaveLength(1);
    expect(within(row).getByText("Partially shipped")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Export orders to ship (CSV)" })).toHaveAttribute(
      "href",
      "/api/merchandise-orders/export.csv?status=unshipped",
    );

    await userEvent.selectOptions(screen.getByRole("combobox", { name: "Status" }), "unshipped");
    await userEvent.type(screen.getByRole("searchbox", { name: "Search" }), "1Z999");
    await waitFor(() =>
      expect(calls.some((c) => c.url === "/api/merchandise-orders?status=unshipped&q=1Z999")).toBe(true),
    );

    const shown = (await screen.findByText("Order #1001")).closest("li")!;
    await userEvent.click(within(shown).getByRole("button", { name: /Details/ }));
    const dialog = await screen.findByRole("dialog");
    expect(await within(dialog).findByText("1 Vinyl Way")).toBeInTheDocument();
    // The address in its country's order (a US one: city, state and ZIP on one line).
    expect(within(dialog).getByText("Portland, OR 97201")).toBeInTheDocument();
    expect(within(dialog).getByText("United States")).toBeInTheDocument();
    expect(within(dialog).getByRole("link", { name: "1Z999" })).toHaveAttribute(
      "href",
      "https://www.ups.com/track?tracknum=1Z999",
    );
    expect(within(dialog).getByRole("link", { name: "Packing slip" })).toHaveAttribute(
      "href",
      `/api/merchandise-orders/${ORDER_ID}/packing-slip.pdf`,
    );
    expect(within(dialog).getByText("“Too small”")).toBeInTheDocument();
    expect(within(dialog).getByRole("button", { name: "Ship" })).toBeInTheDocument();
    // Part has shipped: no cancelling, a return instead.
    expect(within(dialog).queryByRole("button", { name: "Cancel order" })).not.toBeInTheDocument();

    await userEvent.click(within(dialog).getByRole("button", { name: "Approve return" }));
    const confirm = await screen.findByRole("alertdialog");
    await userEvent.click(within(confirm).getByRole("checkbox", { name: "Put the items back in stock" }));
    await userEvent.click(within(confirm).getByRole("button", { name: "Approve and refund" }));
    await waitFor(() => expect(calls.some((c) => c.method === "POST")).toBe(true));
    expect(calls.find((c) => c.method === "POST")!.body).toEqual({ returnId: RETURN_ID, restock: false });
  });
});

describe("refunding items that will not ship", () => {
  it("chooses the units, confirms in plain words, and sends the lines and restock to the refunds route", async () => {
    const refund = `POST /api/merchandise-orders/${ORDER_ID}/refunds`;
    const calls = mockApi({
      "GET /api/merchandise-orders": () => [listed],
      [`GET /api/merchandise-orders/${ORDER_ID}`]: () => detail,
      [refund]: () => json({ ...detail, status: "shipped", refundedAmount: "21.60" }, 201),
    });
    renderPage(<MerchandiseOrdersPanel />);
    const row = (await screen.findByText("Order #1001")).closest("li")!;
    await userEvent.click(within(row).getByRole("button", { name: /Details/ }));
    const dialog = await screen.findByRole("dialog");
    await userEvent.click(await within(dialog).findByRole("button", { name: "Refund unsent items" }));
    const form = (await screen.findAllByRole("dialog")).at(-1)!;
    const units = within(form).getByRole("spinbutton", { name: /Tour Shirt/ });
    await userEvent.clear(units);
    await userEvent.type(units, "2");
    await userEvent.click(within(form).getByRole("button", { name: "Review refund" }));
    expect(await within(form).findByText("Only 1 left to ship")).toBeInTheDocument();
    await userEvent.clear(units);
    await userEvent.type(units, "1");
    await userEvent.click(within(form).getByRole("checkbox", { name: "Put the items back in stock" }));
    await userEvent.click(within(form).getByRole("button", { name: "Review refund" }));
    expect(
      await within(form).findByText(/Refund 1 × Tour Shirt \(M \/ Black\)\? They do not go back in stock\./),
    ).toBeInTheDocument();
    expect(calls.some((c) => c.method === "POST")).toBe(false);
    await userEvent.click(within(form).getByRole("button", { name: "Refund" }));
    await waitFor(() => expect(calls.filter((c) => `${c.method} ${c.url}` === refund)).toHaveLength(1));
    expect(calls.find((c) => `${c.method} ${c.url}` === refund)!.body).toEqual({
      lines: [{ lineId: LINE, quantity: 1 }],
      restock: false,
    });
  });

  it("says an order is being cancelled and offers to finish, not to ship", async () => {
    mockApi({
      "GET /api/merchandise-orders": () => [listed],
      [`GET /api/merchandise-orders/${ORDER_ID}`]: () => ({
        ...detail,
        status: "paid",
        cancelling: true,
        fulfilments: [],
        returns: [],
        lines: [{ ...orderLine, shippedQuantity: 0 }],
      }),
    });
    renderPage(<MerchandiseOrdersPanel />);
    const row = (await screen.findByText("Order #1001")).closest("li")!;
    await userEvent.click(within(row).getByRole("button", { name: /Details/ }));
    const dialog = await screen.findByRole("dialog");
    expect(await within(dialog).findByText(/This order is being cancelled and refunded/)).toBeInTheDocument();
    expect(within(dialog).queryByRole("button", { name: "Ship" })).not.toBeInTheDocument();
    expect(within(dialog).getByRole("button", { name: "Finish cancelling" })).toBeInTheDocument();
  });
});

describe("rejecting a return", () => {
  it("sends the reason for the buyer to the return's reject route", async () => {
    const reject = `POST /api/merchandise-orders/${ORDER_ID}/returns/${RETURN_ID}/reject`;
    const calls = mockApi({
      "GET /api/merchandise-orders": () => [listed],
      [`GET /api/merchandise-orders/${ORDER_ID}`]: () => detail,
      [reject]: () => ({ ...detail, returns: [{ ...detail.returns[0], status: "rejected" }] }),
    });
    renderPage(<MerchandiseOrdersPanel />);
    const row = (await screen.findByText("Order #1001")).closest("li")!;
    await userEvent.click(within(row).getByRole("button", { name: /Details/ }));
    const dialog = await screen.findByRole("dialog");
    await userEvent.click(await within(dialog).findByRole("button", { name: "Reject return" }));
    const confirm = await screen.findByRole("alertdialog");
    await userEvent.type(within(confirm).getByRole("textbox", { name: "Reason for the buyer (optional)" }), " Worn ");
    await userEvent.click(within(confirm).getByRole("button", { name: "Reject return" }));
    await waitFor(() => expect(calls.filter((c) => `${c.method} ${c.url}` === reject)).toHaveLength(1));
    expect(calls.find((c) => `${c.method} ${c.url}` === reject)!.body).toEqual({ reason: "Worn" });
    expect(calls.some((c) => c.url === `/api/merchandise-orders/${ORDER_ID}/returns`)).toBe(false);
  });
});

describe("RequestReturnForm", () => {
  it("asks for shipped units only, with a reason", async () => {
    const calls = mockApi({
      "POST /api/orders/tok.en-signature/returns": () => json({ id: RETURN_ID, status: "requested" }, 201),
    });
    const onRequested = vi.fn();
    renderPage(<RequestReturnForm token="tok.en-signature" order={{ lines: [orderLine] }} onRequested={onRequested} />);
    const qty = screen.getByRole("spinbutton", { name: /Tour Shirt \(M \/ Black\)/ });
    await userEvent.type(screen.getByRole("textbox", { name: "Why are you returning it?" }), "Too small");
    await userEvent.click(screen.getByRole("button", { name: "Request a return" }));
    expect(await screen.findByText("Choose at least one item to return")).toBeInTheDocument();
    await userEvent.clear(qty);
    await userEvent.type(qty, "3");
    await userEvent.click(screen.getByRole("button", { name: "Request a return" }));
    expect(await screen.findByText("At most 2")).toBeInTheDocument();
    await userEvent.clear(qty);
    await userEvent.type(qty, "1");
    await userEvent.click(screen.getByRole("button", { name: "Request a return" }));
    await waitFor(() => expect(onRequested).toHaveBeenCalled());
    expect(calls.filter((c) => c.method === "POST").map((c) => c.body)).toEqual([
      { lines: [{ lineId: LINE, quantity: 1 }], reason: "Too small" },
    ]);
  });
});
