import { act, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { cart, CART_STORAGE_KEY } from "@/features/shop/cart/cart-store";
import { hoodie } from "@/features/shop/catalogue/merchandise.test-support";
import { json, memberUser, mockApi, renderPage } from "@/test/page-harness";
import { MerchandisePage } from "./merchandise-page";

afterEach(() => {
  // The cart lives beside the page (this browser's storage): a drawer left open would hide the next page.
  window.localStorage.clear();
  act(() => cart.reload());
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe("Merchandise for members", () => {
  it("shows members the merchandise they can buy, not the management page", async () => {
    window.localStorage.clear();
    cart.reload();
    mockApi(
      {
        "GET /api/merchandise": () => [hoodie],
        "GET /api/merchandise/all": () => json({ message: "Administrator access required" }, 403),
        "GET /api/config": () => ({ stripePublishableKey: null }),
      },
      memberUser,
    );
    renderPage(<MerchandisePage />, "/fashion");

    const card = (await screen.findByRole("heading", { name: "Logo Hoodie" })).closest("li")!;
    expect(screen.getByRole("heading", { level: 1, name: "Merchandise" })).toBeInTheDocument();
    expect(within(card).getByText("$55.00")).toBeInTheDocument();
    expect(screen.queryByText("Administrator access required")).not.toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Add Item" })).not.toBeInTheDocument();
    expect(screen.queryByRole("heading", { name: "Orders" })).not.toBeInTheDocument();

    // Buy adds the item's one variant to the cart and opens it; the cart's button is in the header.
    const user = userEvent.setup();
    await waitFor(() => expect(within(card).getByRole("button", { name: "Buy Logo Hoodie" })).toBeEnabled());
    await user.click(within(card).getByRole("button", { name: "Buy Logo Hoodie" }));
    const drawer = await screen.findByRole("dialog", { name: "Your cart" });
    expect(within(drawer).getByText("Logo Hoodie")).toBeInTheDocument();
    expect(JSON.parse(window.localStorage.getItem(CART_STORAGE_KEY)!)).toEqual([
      expect.objectContaining({ variantId: "v1", quantity: 1, maxPerOrder: 4 }),
    ]);
    // Behind the open drawer, the header's cart button says the count.
    expect(screen.getByText("Cart (1)").closest("button")).toBeInTheDocument();
  });

  it("tells members plainly when there is nothing to buy", async () => {
    mockApi({ "GET /api/merchandise": () => [] }, memberUser);
    renderPage(<MerchandisePage />, "/merchandise");

    expect(await screen.findByRole("heading", { name: "No merchandise available right now" })).toBeInTheDocument();
  });
});
