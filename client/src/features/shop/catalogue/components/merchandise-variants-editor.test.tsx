import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { json, mockApi, renderPage, type ApiCall } from "@/test/page-harness";
import { MerchandisePage } from "@/pages/merchandise-page";
import { hoodie } from "../merchandise.test-support";

let items: object[];
let calls: ApiCall[];

beforeEach(() => {
  items = [hoodie];
  calls = mockApi({
    "GET /api/merchandise/all": () => items,
    "PATCH /api/merchandise/m1": ({ body }) => ({ ...hoodie, ...(body as object) }),
    "DELETE /api/merchandise/m1": () => json(null, 204),
  });
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const writes = () => calls.filter((call) => call.method !== "GET");

describe("Merchandise Management: options and variants", () => {
  const sized = {
    ...hoodie,
    stockQuantity: 5,
    options: [{ name: "Size", values: ["S", "M"] }],
    variants: [
      { ...hoodie.variants[0], id: "v1", sku: "HOODIE-S", options: { Size: "S" }, stockQuantity: 5 },
      { ...hoodie.variants[0], id: "v2", sku: "HOODIE-M", options: { Size: "M" }, stockQuantity: 0 },
    ],
  };

  async function openEdit(item: object) {
    items = [item];
    const user = userEvent.setup();
    renderPage(<MerchandisePage />, "/merchandise");
    await user.click(await screen.findByRole("button", { name: "Edit Logo Hoodie" }));
    return { user, dialog: await screen.findByRole("dialog", { name: "Edit Merchandise Item" }) };
  }

  it("defines the options as names and comma-separated values", async () => {
    const answer = vi.fn(() => sized.variants);
    calls = mockApi({ "GET /api/merchandise/all": () => items, "PUT /api/merchandise/m1/options": answer });
    const { user, dialog } = await openEdit(hoodie);
    const options = within(dialog).getByRole("form", { name: "Options" });
    await user.click(within(options).getByRole("button", { name: "Add option" }));
    await user.type(within(options).getByLabelText("Option 1"), "Size");
    await user.type(within(options).getByLabelText("Values (comma-separated)"), "S, M,, ");
    await user.click(within(options).getByRole("button", { name: "Save options" }));
    await waitFor(() => expect(answer).toHaveBeenCalled());
    // Each section confirms its save the same way as the shipping rates do.
    expect(await screen.findByText("Options saved")).toBeInTheDocument();
    expect(calls.find((c) => c.method === "PUT")?.body).toEqual({ options: [{ name: "Size", values: ["S", "M"] }] });
  });

  it("refuses an option without values before asking the server, and at most three options", async () => {
    const { user, dialog } = await openEdit(hoodie);
    const options = within(dialog).getByRole("form", { name: "Options" });
    const add = within(options).getByRole("button", { name: "Add option" });
    await user.click(add);
    await user.type(within(options).getByLabelText("Option 1"), "Size");
    await user.click(within(options).getByRole("button", { name: "Save options" }));
    expect(await within(options).findByText("Give the option at least one value")).toBeInTheDocument();
    await user.click(add);
    await user.click(add);
    expect(add).toBeDisabled();
    expect(writes()).toHaveLength(0);
  });

  it("edits a variant's SKU, price (empty: the item's), stock and low-stock threshold, and sends no item total for an item with options", async () => {
    calls = mockApi({
      "GET /api/merchandise/all": () => items,
      "PATCH /api/merchandise/variants/v2": () => sized,
      "PATCH /api/merchandise/m1": ({ body }) => ({ ...sized, ...(body as object) }),
    });
    const { user, dialog } = await openEdit(sized);
    expect(within(dialog).getByText("5 in all: set per variant below")).toBeInTheDocument();
    const row = within(dialog).getByRole("form", { name: "Variant M" });
    expect(within(row).getByText("Sold out")).toBeInTheDocument();
    const sku = within(row).getByLabelText("SKU");
    await user.clear(sku);
    await user.type(sku, "HD-M");
    await user.type(within(row).getByLabelText("Price"), "60");
    const stock = within(row).getByLabelText("Stock");
    await user.clear(stock);
    await user.type(stock, "7");
    const threshold = within(row).getByLabelText("Low-stock alert at");
    expect(threshold).toHaveValue(3);
    await user.clear(threshold);
    await user.type(threshold, "5");
    await user.click(within(row).getByRole("button", { name: "Save variant M" }));
    await waitFor(() => expect(calls.some((c) => c.method === "PATCH")).toBe(true));
    expect(await screen.findByText("Variant M saved")).toBeInTheDocument();
    // M was sold out: the stock goes up by what was typed, whatever sold meanwhile.
    expect(calls.find((c) => c.method === "PATCH")?.body).toEqual({
      sku: "HD-M",
      price: "60.00",
      stockAdjustment: 7,
      lowStockThreshold: 5,
    });

    await user.click(within(dialog).getByRole("button", { name: "Update Item" }));
    await waitFor(() => expect(calls.filter((c) => c.method === "PATCH")).toHaveLength(2));
    expect(calls.filter((c) => c.method === "PATCH")[1].body).not.toHaveProperty("stockQuantity");
  });

  it("sets a pre-order's ships-from day", async () => {
    const { user, dialog } = await openEdit(hoodie);
    await user.type(within(dialog).getByLabelText("Ships from (optional)"), "2031-03-01");
    await user.click(within(dialog).getByRole("button", { name: "Update Item" }));
    await waitFor(() => expect(writes()).toHaveLength(1));
    expect(writes()[0].body).toMatchObject({ shipsFrom: "2031-03-01" });
  });
});
