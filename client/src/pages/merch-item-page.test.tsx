import { act, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { Route } from "wouter";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { MerchandiseWithVariants } from "@shared/merchandise";
import { MERCH_PAGE_ROUTE } from "@shared/routes";
import { cart, CART_STORAGE_KEY } from "@/features/shop/cart/cart-store";
import { makeMerchandiseItem } from "@/test/fixtures";
import { json, mockApi, renderPage, type ApiCall } from "@/test/page-harness";
import { MerchItemPage } from "./merch-item-page";

const ID = "5a5a5a5a-0000-4000-8000-000000000001";
const variant = (n: number, options: Record<string, string>, stockQuantity: number, price = "25.00") => ({
  id: `7b7b7b7b-0000-4000-8000-00000000000${n}`,
  sku: `TEE-${Object.values(options).join("-")}`,
  options,
  price,
  ownPrice: price !== "25.00",
  stockQuantity,
  lowStockThreshold: 3,
});

const SHIRT: MerchandiseWithVariants = {
  ...makeMerchandiseItem({ id: ID, name: "Tour Tee", price: "25.00", stockQuantity: 7 }),
  options: [
    { name: "Size", values: ["S", "M"] },
    { name: "Colour", values: ["Black", "White"] },
  ],
  variants: [
    variant(1, { Size: "S", Colour: "Black" }, 0),
    variant(2, { Size: "S", Colour: "White" }, 4),
    variant(3, { Size: "M", Colour: "Black" }, 3, "27.50"),
    variant(4, { Size: "M", Colour: "White" }, 0),
  ],
};

function renderItem(item: MerchandiseWithVariants | Response, path = `/merch/${ID}`) {
  const calls: ApiCall[] = mockApi(
    {
      [`GET /api/merchandise/${ID}`]: () => item,
      "GET /api/config": () => ({ stripePublishableKey: null }),
      "POST /api/merchandise/variants/7b7b7b7b-0000-4000-8000-000000000004/stock-requests": () =>
        json({ variantId: SHIRT.variants[3].id, requestedAt: "2030-01-01T00:00:00.000Z" }, 201),
    },
    null,
  );
  renderPage(<Route path={MERCH_PAGE_ROUTE} component={MerchItemPage} />, path);
  return calls;
}

afterEach(() => {
  // The cart lives beside the page (this browser's storage): a drawer left open would hide the next page.
  window.localStorage.clear();
  act(() => cart.reload());
  vi.restoreAllMocks();
});

describe("an item's page", () => {
  it("starts on a combination in stock, with its price, and changes price and stock as options are picked", async () => {
    renderItem(SHIRT);
    expect(await screen.findByRole("heading", { level: 1, name: "Tour Tee" })).toBeInTheDocument();
    const size = screen.getByRole("group", { name: /Size/ });
    const colour = screen.getByRole("group", { name: /Colour/ });
    expect(within(size).getByRole("radio", { name: "S" })).toBeChecked();
    expect(within(colour).getByRole("radio", { name: "White" })).toBeChecked();
    // Black is sold out in S: still choosable, and says so.
    expect(within(colour).getByRole("radio", { name: "Black (sold out)" })).not.toBeChecked();
    expect(screen.getByText("$25.00")).toBeInTheDocument();
    expect(screen.getByText("Only 4 left")).toBeInTheDocument();

    const user = userEvent.setup();
    // With White chosen, M leads to a sold-out combination.
    await user.click(within(size).getByRole("radio", { name: "M (sold out)" }));
    // M White is sold out; M Black is not.
    expect(within(colour).getByRole("radio", { name: "White (sold out)" })).toBeChecked();
    expect(screen.getByText("Sold out")).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Buy Tour Tee" })).not.toBeInTheDocument();
    await user.click(within(colour).getByRole("radio", { name: "Black" }));
    expect(screen.getByText("$27.50")).toBeInTheDocument();
    expect(screen.getByText("Only 3 left")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Buy Tour Tee" })).toBeEnabled();
  });

  it("buys the picked combination through the cart: Add to cart keeps the buyer here, Buy opens the cart", async () => {
    window.localStorage.clear();
    cart.reload();
    renderItem(SHIRT);
    const user = userEvent.setup();
    await user.click(await screen.findByRole("radio", { name: "M (sold out)" }));
    // Sold out: no cart buttons, the "tell me" form instead.
    expect(screen.queryByRole("button", { name: "Add to cart" })).not.toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Notify me" })).toBeInTheDocument();
    await user.click(screen.getByRole("radio", { name: "Black" }));

    await user.click(screen.getByRole("button", { name: "Add to cart" }));
    expect(JSON.parse(window.localStorage.getItem(CART_STORAGE_KEY)!)).toEqual([
      {
        variantId: SHIRT.variants[2].id,
        merchandiseId: ID,
        name: "Tour Tee",
        optionsLabel: "M / Black",
        price: "27.50",
        quantity: 1,
        maxPerOrder: 10,
        shipsFrom: null,
        stock: SHIRT.variants[2].stockQuantity,
      },
    ]);
    expect(screen.queryByRole("dialog", { name: "Your cart" })).not.toBeInTheDocument();
    expect(screen.getByRole("button", { name: /Cart \(1\)/ })).toBeInTheDocument();

    await user.click(screen.getByRole("button", { name: "Buy Tour Tee" }));
    const drawer = await screen.findByRole("dialog", { name: "Your cart" });
    expect(within(drawer).getByRole("spinbutton", { name: "Quantity of Tour Tee (M / Black)" })).toHaveValue(2);
  });

  it("moves between values with the arrow keys, as a radio group does", async () => {
    renderItem(SHIRT);
    const size = await screen.findByRole("group", { name: /Size/ });
    const user = userEvent.setup();
    within(size).getByRole("radio", { name: "S" }).focus();
    await user.keyboard("{ArrowRight}");
    const m = within(size).getByRole("radio", { name: /^M/ });
    expect(m).toBeChecked();
    expect(m).toHaveFocus();
  });

  it("takes an e-mail for a sold-out combination and asks to confirm it before it will write once", async () => {
    const calls = renderItem(SHIRT);
    const user = userEvent.setup();
    await user.click(within(await screen.findByRole("group", { name: /Size/ })).getByRole("radio", { name: /^M/ }));
    const form = screen.getByRole("form", { name: "Tell me when it's back" });
    await user.click(within(form).getByRole("button", { name: "Notify me" }));
    expect(await within(form).findByText(/Invalid email/i)).toBeInTheDocument();
    await user.type(within(form).getByLabelText("Email"), "fan@x.test");
    await user.click(within(form).getByRole("button", { name: "Notify me" }));
    expect(
      await screen.findByText(
        "Almost done: open the link we sent to fan@x.test to confirm. Then we'll e-mail you once when Tour Tee (M / White) is back.",
      ),
    ).toBeInTheDocument();
    expect(calls.filter((c) => c.method === "POST")[0].body).toEqual({ email: "fan@x.test" });
  });

  it("shows a pre-order's ships-from day, and an item without options has no pickers", async () => {
    renderItem({
      ...makeMerchandiseItem({ id: ID, name: "Next LP", shipsFrom: "2031-03-01" }),
      variants: [variant(1, {}, 9, "30.00")],
    });
    expect(await screen.findByText(/ships from .*March 1, 2031/)).toBeInTheDocument();
    expect(screen.queryByRole("radio")).not.toBeInTheDocument();
    expect(screen.getByText("$30.00")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Buy Next LP" })).toBeEnabled();
  });

  it("is the not-found page for an unknown item, and says so when the item cannot be read", async () => {
    renderItem(json({ message: "Merchandise item not found" }, 404));
    expect(await screen.findByRole("heading", { name: "Item not found" })).toBeInTheDocument();
  });

  it("offers a retry when the item cannot be read", async () => {
    renderItem(json({ message: "boom" }, 500));
    await waitFor(() => expect(screen.getByText("Could not load this item.")).toBeInTheDocument());
  });
});
