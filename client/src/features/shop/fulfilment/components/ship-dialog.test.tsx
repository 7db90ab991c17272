import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { MerchandiseOrderLine } from "@shared/merchandise-fulfilment";
import { json, mockApi, renderPage } from "@/test/page-harness";
import { ShipDialog } from "./ship-dialog";

const ORDER_ID = "33333333-3333-4333-8333-333333333333";
const LINE_A = "44444444-4444-4444-8444-444444444444";
const LINE_B = "55555555-5555-4555-8555-555555555555";
const LINE_DONE = "66666666-6666-4666-8666-666666666666";

const line = (id: string, values: Partial<MerchandiseOrderLine>): MerchandiseOrderLine => ({
  id,
  variantId: null,
  sku: "SKU",
  options: {},
  itemName: "Tour Shirt",
  quantity: 1,
  unitPrice: "20.00",
  tax: "0.00",
  shipsFrom: null,
  shippedQuantity: 0,
  returnedQuantity: 0,
  ...values,
});

const LINES = [
  line(LINE_A, { sku: "TEE-M-BLK", options: { Size: "M", Colour: "Black" }, quantity: 3, shippedQuantity: 1 }),
  line(LINE_B, { sku: "LP-01", itemName: "Night Drive LP", quantity: 1 }),
  line(LINE_DONE, { sku: "PIN", itemName: "Enamel Pin", quantity: 2, shippedQuantity: 2 }),
];

const PATH = `POST /api/merchandise-orders/${ORDER_ID}/fulfilments`;

function renderDialog(onOpenChange = vi.fn()) {
  renderPage(<ShipDialog orderId={ORDER_ID} orderLabel="order #1001" lines={LINES} open onOpenChange={onOpenChange} />);
  return onOpenChange;
}

afterEach(() => vi.unstubAllGlobals());

describe("ShipDialog", () => {
  it("offers only what is left to ship, all of it at first, and sends the chosen lines, carrier and tracking", async () => {
    const calls = mockApi({ [PATH]: () => json({ status: "partially-shipped" }, 201) });
    const onOpenChange = renderDialog();
    const shirt = screen.getByRole("spinbutton", { name: /Tour Shirt \(M \/ Black\)/ });
    expect(shirt).toHaveValue(2);
    expect(screen.getByRole("spinbutton", { name: /Night Drive LP/ })).toHaveValue(1);
    expect(screen.queryByText(/Enamel Pin/)).not.toBeInTheDocument();

    await userEvent.clear(shirt);
    await userEvent.type(shirt, "1");
    await userEvent.clear(screen.getByRole("spinbutton", { name: /Night Drive LP/ }));
    await userEvent.type(screen.getByRole("spinbutton", { name: /Night Drive LP/ }), "0");
    await userEvent.selectOptions(screen.getByRole("combobox", { name: "Carrier" }), "Royal Mail");
    await userEvent.type(screen.getByRole("textbox", { name: "Tracking number" }), "RM123456785GB");
    await userEvent.click(screen.getByRole("button", { name: "Mark as shipped" }));

    await waitFor(() => expect(onOpenChange).toHaveBeenCalledWith(false));
    const sent = calls.filter((c) => `${c.method} ${c.url}` === PATH);
    expect(sent).toHaveLength(1);
    expect(sent[0].body).toEqual({
      lines: [{ lineId: LINE_A, quantity: 1 }],
      carrier: "Royal Mail",
      trackingNumber: "RM123456785GB",
    });
  });

  it("takes another carrier by name", async () => {
    const calls = mockApi({ [PATH]: () => json({ status: "shipped" }, 201) });
    renderDialog();
    await userEvent.selectOptions(screen.getByRole("combobox", { name: "Carrier" }), "Other");
    await userEvent.type(screen.getByRole("textbox", { name: "Carrier name" }), "Parcelforce");
    await userEvent.type(screen.getByRole("textbox", { name: "Tracking number" }), "PF1");
    await userEvent.click(screen.getByRole("button", { name: "Mark as shipped" }));
    await waitFor(() => expect(calls.some((c) => `${c.method} ${c.url}` === PATH)).toBe(true));
    expect(calls.find((c) => `${c.method} ${c.url}` === PATH)!.body).toMatchObject({ carrier: "Parcelforce" });
  });

  it("sends nothing without a tracking number, with more than is left, or with nothing chosen", async () => {
    const calls = mockApi({ [PATH]: () => json({ status: "shipped" }, 201) });
    renderDialog();
    await userEvent.click(screen.getByRole("button", { name: "Mark as shipped" }));
    expect(await screen.findByText("Enter the tracking number")).toBeInTheDocument();

    await userEvent.type(screen.getByRole("textbox", { name: "Tracking number" }), "1Z");
    const shirt = screen.getByRole("spinbutton", { name: /Tour Shirt/ });
    await userEvent.clear(shirt);
    await userEvent.type(shirt, "5");
    await userEvent.click(screen.getByRole("button", { name: "Mark as shipped" }));
    expect(await screen.findByText("Only 2 left to ship")).toBeInTheDocument();

    await userEvent.clear(shirt);
    await userEvent.type(shirt, "0");
    await userEvent.clear(screen.getByRole("spinbutton", { name: /Night Drive LP/ }));
    await userEvent.type(screen.getByRole("spinbutton", { name: /Night Drive LP/ }), "0");
    await userEvent.click(screen.getByRole("button", { name: "Mark as shipped" }));
    expect(await screen.findByRole("alert")).toHaveTextContent("Choose at least one item to ship");
    expect(calls.filter((c) => c.method === "POST")).toHaveLength(0);
  });

  it("shows the server's refusal and stays open", async () => {
    mockApi({ [PATH]: () => json({ message: "Only 1 of TEE-M-BLK left to ship" }, 409) });
    const onOpenChange = renderDialog();
    await userEvent.type(screen.getByRole("textbox", { name: "Tracking number" }), "1Z");
    await userEvent.click(screen.getByRole("button", { name: "Mark as shipped" }));
    expect(await screen.findByText("Only 1 of TEE-M-BLK left to ship")).toBeInTheDocument();
    expect(onOpenChange).not.toHaveBeenCalledWith(false);
  });
});
