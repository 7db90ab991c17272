import { act, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { cart } from "@/features/shop/cart/cart-store";
import { hoodie, pin } from "@/features/shop/catalogue/merchandise.test-support";
import { toast } from "@/hooks/use-toast";
import { json, mockApi, renderPage, type ApiCall } from "@/test/page-harness";
import { MerchandisePage } from "./merchandise-page";

vi.mock("@/hooks/use-toast", async (importOriginal) => ({
  ...(await importOriginal<typeof import("@/hooks/use-toast")>()),
  toast: vi.fn(),
}));

let items: object[];
let calls: ApiCall[];

beforeEach(() => {
  items = [hoodie, pin];
  calls = mockApi({
    "GET /api/merchandise/all": () => items,
    "POST /api/merchandise": ({ body }) => json({ id: "m3", options: [], ...(body as object) }, 201),
    "PATCH /api/merchandise/m1": ({ body }) => ({ ...hoodie, ...(body as object) }),
    "DELETE /api/merchandise/m1": () => json(null, 204),
  });
});

afterEach(() => {
  // The cart lives beside the page (this browser's storage): a drawer left open would hide the next page.
  window.localStorage.clear();
  act(() => cart.reload());
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  vi.mocked(toast).mockClear();
});

const writes = () => calls.filter((call) => call.method !== "GET");

async function openAddDialog() {
  const user = userEvent.setup();
  renderPage(<MerchandisePage />, "/merchandise");
  await user.click(await screen.findByRole("button", { name: "Add Item" }));
  return { user, dialog: await screen.findByRole("dialog", { name: "Add Merchandise Item" }) };
}

describe("Merchandise Management", () => {
  it("shows each item as a card with image or placeholder, price, category, stock and availability", async () => {
    renderPage(<MerchandisePage />, "/merchandise");

    const hoodieCard = (await screen.findByRole("heading", { name: "Logo Hoodie" })).closest("li")!;
    expect(within(hoodieCard).getByRole("img", { name: "Logo Hoodie" })).toHaveAttribute("src", hoodie.imageUrl);
    expect(within(hoodieCard).getByText("$55.00")).toBeInTheDocument();
    expect(within(hoodieCard).getByText("Apparel")).toBeInTheDocument();
    expect(within(hoodieCard).getByText("Stock: 12")).toBeInTheDocument();
    expect(within(hoodieCard).getByText("Available")).toBeInTheDocument();
    expect(within(hoodieCard).getByText(hoodie.description)).toHaveClass("line-clamp-2");

    const pinCard = screen.getByRole("heading", { name: "Enamel Pin" }).closest("li")!;
    expect(within(pinCard).getByRole("img", { name: "Enamel Pin (no image)" })).toBeInTheDocument();
    expect(within(pinCard).getByText("Stock: 0")).toBeInTheDocument();
    expect(within(pinCard).getByText("Unavailable")).toBeInTheDocument();
    expect(within(pinCard).getByRole("button", { name: "Edit Enamel Pin" })).toBeInTheDocument();
    expect(within(pinCard).getByRole("button", { name: "Delete Enamel Pin" })).toBeInTheDocument();
  });

  it("shows 'Loading...' and then the empty state", async () => {
    items = [];
    renderPage(<MerchandisePage />, "/merchandise");

    expect(await screen.findByText("Loading...")).toBeInTheDocument();
    expect(await screen.findByText("No merchandise items yet")).toBeInTheDocument();
    expect(screen.getByText("Add your first item to get started")).toBeInTheDocument();
  });

  it("creates an item with the price in two decimals, stock 0 and available 1 by default, then stays open for its options and shipping", async () => {
    const { user, dialog } = await openAddDialog();
    for (const label of [
      "Product Name",
      "Description",
      "Price ($)",
      "Category (optional)",
      "Image URL",
      "Stock Quantity",
      "Available",
    ]) {
      expect(within(dialog).getByLabelText(label)).toBeInTheDocument();
    }

    await user.type(within(dialog).getByLabelText("Product Name"), "Tour Tee");
    await user.type(within(dialog).getByLabelText("Price ($)"), "25.5");
    await user.clear(within(dialog).getByLabelText("Stock Quantity"));
    await user.click(within(dialog).getByRole("button", { name: "Create Item" }));

    await waitFor(() => expect(writes()).toHaveLength(1));
    expect(writes()[0]).toMatchObject({
      method: "POST",
      url: "/api/merchandise",
      body: { name: "Tour Tee", price: "25.50", stockQuantity: 0, isAvailable: 1 },
    });
    await waitFor(() =>
      expect(toast).toHaveBeenCalledWith({ title: "Success", description: "Merchandise item created successfully" }),
    );
    // The same sitting goes on with the new item: its options, variants and shipping rates.
    const edit = await screen.findByRole("dialog", { name: "Edit Merchandise Item" });
    expect(
      within(edit).getByText("Created. Give it options and shipping rates below, or close when done."),
    ).toBeInTheDocument();
    expect(within(edit).getByRole("heading", { name: "Shipping rates" })).toBeInTheDocument();
    expect(within(edit).getByRole("button", { name: "Update Item" })).toBeInTheDocument();
  });

  it("opens an item's editor from a link to it (the low-stock e-mail's), once the items are here", async () => {
    renderPage(<MerchandisePage />, "/merchandise?edit=m1");
    const dialog = await screen.findByRole("dialog", { name: "Edit Merchandise Item" });
    expect(within(dialog).getByLabelText("Product Name")).toHaveValue("Logo Hoodie");
  });

  it("requires a price with 'Price is required'", async () => {
    const { user, dialog } = await openAddDialog();

    await user.type(within(dialog).getByLabelText("Product Name"), "Tour Tee");
    await user.click(within(dialog).getByRole("button", { name: "Create Item" }));

    expect(await within(dialog).findByText("Price is required")).toBeInTheDocument();
    expect(writes()).toEqual([]);
  });

  it("opens 'Edit Merchandise Item' pre-filled and sends the changes", async () => {
    const user = userEvent.setup();
    renderPage(<MerchandisePage />, "/merchandise");

    await user.click(await screen.findByRole("button", { name: "Edit Logo Hoodie" }));
    const dialog = await screen.findByRole("dialog", { name: "Edit Merchandise Item" });
    expect(within(dialog).getByLabelText("Product Name")).toHaveValue("Logo Hoodie");
    expect(within(dialog).getByLabelText("Description")).toHaveValue(hoodie.description);
    expect(within(dialog).getByLabelText("Price ($)")).toHaveValue("55.00");
    expect(within(dialog).getByLabelText("Category (optional)")).toHaveValue("Apparel");
    expect(within(dialog).getByLabelText("Image URL")).toHaveValue(hoodie.imageUrl);
    expect(within(dialog).getByLabelText("Stock Quantity")).toHaveValue(12);
    expect(within(dialog).getByLabelText("Available")).toHaveTextContent("Yes");

    await user.click(within(dialog).getByLabelText("Available"));
    await user.click(await screen.findByRole("option", { name: "No" }));
    await user.click(within(dialog).getByRole("button", { name: "Update Item" }));

    await waitFor(() => expect(writes()).toHaveLength(1));
    expect(writes()[0]).toMatchObject({
      method: "PATCH",
      url: "/api/merchandise/m1",
      body: { name: "Logo Hoodie", price: "55.00", isAvailable: 0 },
    });
    // The stock was not changed, so none is sent: a save never writes back what the form read.
    expect(writes()[0].body).not.toHaveProperty("stockQuantity");
    expect(writes()[0].body).not.toHaveProperty("stockAdjustment");
    await waitFor(() =>
      expect(toast).toHaveBeenCalledWith({ title: "Success", description: "Merchandise item updated successfully" }),
    );
  });

  it("sends a stock edit as the change typed, and shows the server's 409 beside the stock", async () => {
    const moved = "Only 2 in stock: you can take away at most 2. Nothing was saved.";
    let answer: Response | object = json({ message: moved }, 409);
    calls = mockApi({
      "GET /api/merchandise/all": () => items,
      "PATCH /api/merchandise/m1": () => answer,
    });
    const user = userEvent.setup();
    renderPage(<MerchandisePage />, "/merchandise");
    await user.click(await screen.findByRole("button", { name: "Edit Logo Hoodie" }));
    const dialog = await screen.findByRole("dialog", { name: "Edit Merchandise Item" });
    const stock = within(dialog).getByLabelText("Stock Quantity");
    expect(stock).toHaveAccessibleDescription("Saved as a change to the stock, so sales made meanwhile stay sold");
    await user.tripleClick(stock);
    await user.keyboard("2");
    await user.click(within(dialog).getByRole("button", { name: "Update Item" }));

    await waitFor(() => expect(writes()).toHaveLength(1));
    expect(writes()[0].body).toMatchObject({ stockAdjustment: -10 });
    expect(writes()[0].body).not.toHaveProperty("stockQuantity");
    await waitFor(() => expect(stock).toHaveAccessibleDescription(expect.stringContaining(moved)));
    expect(stock).toHaveAttribute("aria-invalid", "true");
    expect(screen.getByRole("dialog")).toBeInTheDocument();

    answer = { ...hoodie, stockQuantity: 15 };
    await user.tripleClick(stock);
    await user.keyboard("15");
    await user.click(within(dialog).getByRole("button", { name: "Update Item" }));
    await waitFor(() => expect(writes()).toHaveLength(2));
    expect(writes()[1].body).toMatchObject({ stockAdjustment: 3 });
  });

  it("lets an admin set the most one order may take, 10 unless changed", async () => {
    const { user, dialog } = await openAddDialog();
    const max = within(dialog).getByLabelText("Max per order");
    expect(max).toHaveValue(10);
    await user.type(within(dialog).getByLabelText("Product Name"), "Tour Tee");
    await user.type(within(dialog).getByLabelText("Price ($)"), "25");
    await user.tripleClick(max);
    await user.keyboard("0");
    await user.click(within(dialog).getByRole("button", { name: "Create Item" }));
    expect(await within(dialog).findByText("At least 1")).toBeInTheDocument();
    expect(writes()).toEqual([]);

    await user.tripleClick(max);
    await user.keyboard("2");
    await user.click(within(dialog).getByRole("button", { name: "Create Item" }));
    await waitFor(() => expect(writes()).toHaveLength(1));
    expect(writes()[0].body).toMatchObject({ name: "Tour Tee", maxPerOrder: 2 });
  });

  it("pre-fills the per-order maximum when editing", async () => {
    const user = userEvent.setup();
    renderPage(<MerchandisePage />, "/merchandise");
    await user.click(await screen.findByRole("button", { name: "Edit Logo Hoodie" }));
    const dialog = await screen.findByRole("dialog", { name: "Edit Merchandise Item" });
    expect(within(dialog).getByLabelText("Max per order")).toHaveValue(4);
  });

  it("deletes only after the browser confirm, with the success toast", async () => {
    const user = userEvent.setup();
    const confirm = vi.spyOn(window, "confirm").mockReturnValueOnce(false).mockReturnValueOnce(true);
    renderPage(<MerchandisePage />, "/merchandise");
    const remove = await screen.findByRole("button", { name: "Delete Logo Hoodie" });

    await user.click(remove);
    expect(confirm).toHaveBeenCalledTimes(1);
    expect(writes()).toEqual([]);

    await user.click(remove);
    await waitFor(() => expect(writes()).toEqual([{ method: "DELETE", url: "/api/merchandise/m1", body: undefined }]));
    await waitFor(() =>
      expect(toast).toHaveBeenCalledWith({ title: "Success", description: "Merchandise item deleted successfully" }),
    );
  });

  it("shows its own failure text, not the server's message", async () => {
    calls = mockApi({
      "GET /api/merchandise/all": () => items,
      "POST /api/merchandise": () => json({ message: "Database exploded" }, 500),
    });
    const { user, dialog } = await openAddDialog();
    await user.type(within(dialog).getByLabelText("Product Name"), "Tour Tee");
    await user.type(within(dialog).getByLabelText("Price ($)"), "25");
    await user.click(within(dialog).getByRole("button", { name: "Create Item" }));

    await waitFor(() =>
      expect(toast).toHaveBeenCalledWith({
        title: "Error",
        description: "Failed to create merchandise item",
        variant: "destructive",
      }),
    );
    expect(toast).toHaveBeenCalledTimes(1);
    expect(screen.getByRole("dialog")).toBeInTheDocument();
  });

  it("shows the server's field messages beside the fields it refused, with the product's failure toast once", async () => {
    calls = mockApi({
      "GET /api/merchandise/all": () => items,
      "POST /api/merchandise": () =>
        json({ message: "Invalid body: price: Too high", fieldErrors: { price: ["Too high"] } }, 400),
    });
    const { user, dialog } = await openAddDialog();
    await user.type(within(dialog).getByLabelText("Product Name"), "Tour Tee");
    await user.type(within(dialog).getByLabelText("Price ($)"), "25");
    await user.click(within(dialog).getByRole("button", { name: "Create Item" }));

    const price = within(dialog).getByLabelText("Price ($)");
    await waitFor(() => expect(price).toHaveAccessibleDescription("Too high"));
    expect(price).toHaveAttribute("aria-invalid", "true");
    expect(price).toHaveFocus();
    expect(toast).toHaveBeenCalledTimes(1);
    expect(toast).toHaveBeenCalledWith({
      title: "Error",
      description: "Failed to create merchandise item",
      variant: "destructive",
    });
  });
});
