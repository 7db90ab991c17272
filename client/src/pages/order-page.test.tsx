import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { Route } from "wouter";
import type { PublicMerchandiseOrder } from "@shared/merchandise-fulfilment";
import { mockApi, renderPage } from "@/test/page-harness";
import { OrderPage } from "./order-page";

const order = (overrides: Partial<PublicMerchandiseOrder> = {}): PublicMerchandiseOrder => ({
  id: "o1",
  orderNumber: 1042,
  status: "partially-shipped",
  address: {
    name: "Ada Fan",
    line1: "1 Main St",
    line2: null,
    city: "Berlin",
    region: null,
    postalCode: "10115",
    country: "DE",
  },
  subtotal: "52.50",
  shipping: "7.00",
  tax: "11.90",
  total: "71.40",
  refundedAmount: "0.00",
  createdAt: "2031-01-10T10:00:00.000Z",
  paidAt: "2031-01-10T10:01:00.000Z",
  lines: [
    {
      id: "l1",
      variantId: "v1",
      sku: "SHIRT-M-BLK",
      options: { Size: "M", Colour: "Black" },
      itemName: "Tour Shirt",
      quantity: 2,
      unitPrice: "20.00",
      tax: "7.60",
      shipsFrom: null,
      shippedQuantity: 2,
      returnedQuantity: 0,
    },
  ],
  fulfilments: [
    {
      id: "f1",
      carrier: "UPS",
      trackingNumber: "1Z999",
      trackingUrl: "https://www.ups.com/track?tracknum=1Z999",
      shippedAt: "2031-01-11T09:00:00.000Z",
      lines: [{ lineId: "l1", quantity: 2 }],
    },
  ],
  returns: [],
  downloads: [],
  ...overrides,
});

afterEach(() => vi.unstubAllGlobals());

const renderOrder = () => renderPage(<Route path="/orders/:token" component={OrderPage} />, "/orders/tok.sig");

describe("the buyer's order page", () => {
  it("lists an order's downloads with their links, and offers no return for downloads alone", async () => {
    mockApi(
      {
        "GET /api/orders/tok.sig": () =>
          order({
            status: "paid",
            address: null,
            lines: [],
            fulfilments: [],
            downloads: [
              {
                title: "Night Drive",
                artist: "Ada",
                amount: "10.00",
                tax: "1.90",
                status: "paid",
                downloadPath: "/downloads/abc",
              },
              { title: "Old Song", artist: "Ada", amount: "1.29", tax: "0.00", status: "refunded", downloadPath: null },
            ],
          }),
      },
      null,
    );
    renderOrder();
    const section = await screen.findByRole("region", { name: "Downloads" });
    expect(within(section).getByRole("link", { name: "Download Night Drive" })).toHaveAttribute(
      "href",
      "/downloads/abc",
    );
    expect(within(section).getByText(/Refunded/)).toBeInTheDocument();
    expect(within(section).getAllByRole("link")).toHaveLength(1);
    expect(screen.queryByRole("region", { name: "Returns" })).not.toBeInTheDocument();
  });

  it("shows the order with its parcel's tracking, and sends a return request for shipped items", async () => {
    let current = order();
    const calls = mockApi(
      {
        "GET /api/orders/tok.sig": () => current,
        "POST /api/orders/tok.sig/returns": () => {
          current = order({
            returns: [
              {
                id: "r1",
                status: "requested",
                reason: "Too small",
                restock: false,
                refundAmount: null,
                requestedAt: "2031-01-12T09:00:00.000Z",
                refundedAt: null,
                rejectionReason: null,
                lines: [{ lineId: "l1", quantity: 1 }],
              },
            ],
          });
          return new Response(JSON.stringify(current.returns[0]), { status: 201 });
        },
      },
      null,
    );
    renderOrder();

    expect(await screen.findByRole("link", { name: /1Z999/ })).toHaveAttribute(
      "href",
      "https://www.ups.com/track?tracknum=1Z999",
    );
    const returns = within(screen.getByRole("region", { name: "Returns" }));
    const form = within(returns.getByRole("form", { name: "Request a return" }));
    const quantity = form.getByRole("spinbutton");
    await userEvent.clear(quantity);
    await userEvent.type(quantity, "1");
    await userEvent.type(form.getByLabelText("Why are you returning it?"), "Too small");
    await userEvent.click(form.getByRole("button", { name: "Request a return" }));

    await vi.waitFor(() => expect(calls.some((call) => call.method === "POST")).toBe(true));
    const sent = calls.find((call) => call.method === "POST")!;
    expect(sent.url).toBe("/api/orders/tok.sig/returns");
    expect(sent.body).toEqual({ lines: [{ lineId: "l1", quantity: 1 }], reason: "Too small" });
  });

  it("says where each return request stands, and offers only the units not already asked for", async () => {
    const request = (id: string, status: string, more: object = {}) => ({
      id,
      status,
      reason: "Too small",
      restock: false,
      refundAmount: null,
      requestedAt: "2031-01-12T09:00:00.000Z",
      refundedAt: null,
      rejectionReason: null,
      lines: [{ lineId: "l1", quantity: 1 }],
      ...more,
    });
    const lines = [{ ...order().lines[0], quantity: 4, shippedQuantity: 4, returnedQuantity: 1 }];
    mockApi(
      {
        "GET /api/orders/tok.sig": () =>
          order({
            lines,
            returns: [
              request("r1", "rejected", { rejectionReason: "Worn" }),
              request("r2", "refunded", { refundAmount: "23.80", refundedAt: "2031-01-14T09:00:00.000Z" }),
              request("r3", "requested"),
              request("r4", "approved", { refundAmount: "11.90" }),
            ],
          }),
      },
      null,
    );
    renderOrder();
    const list = within(await screen.findByRole("list", { name: "Your return requests" }));
    const items = list.getAllByRole("listitem");
    expect(items).toHaveLength(4);
    expect(items[0]).toHaveTextContent("Requested on Jan 12, 2031");
    expect(items[0]).toHaveTextContent("1 × Tour Shirt (M / Black)");
    expect(items[0]).toHaveTextContent("Not accepted: Worn");
    expect(items[1]).toHaveTextContent("Approved and refunded $23.80");
    expect(items[2]).toHaveTextContent("Waiting for the label to look at it");
    expect(items[3]).toHaveTextContent("Approved: a refund of $11.90 is on its way");
    // 4 shipped, 1 returned, 1 waiting, 1 approved and not yet refunded: 1 more may be asked for.
    const form = within(screen.getByRole("form", { name: "Request a return" }));
    expect(form.getByText("(up to 1)")).toBeInTheDocument();
  });

  it("offers no return form for a cancelled order, and says a forged link is not valid", async () => {
    mockApi({ "GET /api/orders/tok.sig": () => order({ status: "cancelled" }) }, null);
    const { unmount } = renderOrder();
    expect(await screen.findByText(/1042/)).toBeInTheDocument();
    expect(screen.queryByRole("region", { name: "Returns" })).not.toBeInTheDocument();
    unmount();

    mockApi({ "GET /api/orders/tok.sig": () => new Response('{"message":"Order not found"}', { status: 404 }) }, null);
    renderOrder();
    // The app's own 404 page, with its way home.
    expect(await screen.findByRole("heading", { name: "404 Page Not Found" })).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Go to the home page" })).toHaveAttribute("href", "/");
  });

  it("carries the label's header, the order's day, the refunded amount and a way to write to the label", async () => {
    mockApi(
      {
        "GET /api/orders/tok.sig": () => order({ status: "shipped", refundedAmount: "23.80" }),
        "GET /api/label/contact": () => ({ email: "shop@label.test", phone: null }),
      },
      null,
    );
    renderOrder();
    expect(await screen.findByText("Ordered on January 10, 2031")).toBeInTheDocument();
    expect(screen.getByText("Shipped")).toBeInTheDocument();
    const banner = within(screen.getByRole("banner"));
    expect(banner.getByRole("link", { name: /home$/ })).toHaveAttribute("href", "/");
    expect(banner.getByRole("link", { name: "Back to shop" })).toHaveAttribute("href", "/#shop");
    const totals = screen.getByText("Refunded").closest("div")!;
    expect(totals).toHaveTextContent("−$23.80");
    expect(await screen.findByRole("link", { name: "shop@label.test" })).toHaveAttribute(
      "href",
      "mailto:shop@label.test",
    );
  });
});
