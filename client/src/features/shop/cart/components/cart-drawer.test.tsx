import { act, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { mockApi, renderPage } from "@/test/page-harness";
import { cart, CART_STORAGE_KEY } from "../cart-store";
import { downloadLineOf } from "../download-lines";
import { AddToCartButton, cartProductOf, ShopBuyButtons, type CartProduct } from "./add-to-cart-button";
import { CartAnnouncer, CartButton, CartDrawer } from "./cart-drawer";

const shirtM: CartProduct = {
  variantId: "11111111-1111-4111-8111-111111111111",
  merchandiseId: "22222222-2222-4222-8222-222222222222",
  name: "Tour Shirt",
  optionsLabel: "M",
  price: "20.00",
  maxPerOrder: 3,
  shipsFrom: null,
  stockQuantity: 5,
  isAvailable: 1,
};
const shirtL: CartProduct = { ...shirtM, variantId: "33333333-3333-4333-8333-333333333333", optionsLabel: "L" };
const tote: CartProduct = {
  ...shirtM,
  variantId: "44444444-4444-4444-8444-444444444444",
  merchandiseId: "55555555-5555-4555-8555-555555555555",
  name: "Tote Bag",
  optionsLabel: "",
  price: "12.50",
  shipsFrom: "2031-02-01",
};

function renderShop() {
  return renderPage(
    <>
      <AddToCartButton product={shirtM} buy />
      <AddToCartButton product={shirtL} />
      <AddToCartButton product={tote} />
      <AddToCartButton product={{ ...tote, variantId: "66666666-6666-4666-8666-666666666666", stockQuantity: 0 }} />
      <CartButton />
      <CartAnnouncer />
      <CartDrawer />
    </>,
  );
}

function storedLines() {
  return JSON.parse(window.localStorage.getItem(CART_STORAGE_KEY) ?? "[]") as { variantId: string; quantity: number }[];
}

beforeEach(() => {
  window.localStorage.clear();
  act(() => cart.reload());
  mockApi({});
});

describe("the cart", () => {
  it("adds from Add to cart without opening, and Buy (keeping its text) adds and opens the drawer", async () => {
    const user = userEvent.setup();
    renderShop();
    expect(screen.getByRole("button", { name: "Sold out" })).toBeDisabled();
    const adds = screen.getAllByRole("button", { name: "Add to cart" });
    await user.click(adds[0]);
    await user.click(adds[1]);
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
    expect(screen.getByRole("button", { name: /Cart \(2\)/ })).toBeInTheDocument();

    await user.click(screen.getByRole("button", { name: "Buy Tour Shirt" }));
    const drawer = await screen.findByRole("dialog", { name: "Your cart" });
    const list = within(drawer).getByRole("list", { name: "Items in your cart" });
    expect(
      within(list)
        .getAllByRole("listitem")
        .map((li) => li.textContent),
    ).toEqual([
      expect.stringContaining("Tour Shirt"),
      expect.stringContaining("Tote Bag"),
      expect.stringContaining("Tour Shirt"),
    ]);
    expect(within(drawer).getByText("Ships from Feb 1, 2031")).toBeInTheDocument();
    // 20.00 (L) + 12.50 + 20.00 (M)
    expect(within(drawer).getByText("$52.50")).toBeInTheDocument();
    expect(within(drawer).getByRole("link", { name: "Checkout" })).toHaveAttribute("href", "/checkout");
  });

  it("changes quantities within the item's maximum and removes lines", async () => {
    const user = userEvent.setup();
    renderShop();
    await user.click(screen.getByRole("button", { name: "Buy Tour Shirt" }));
    const drawer = await screen.findByRole("dialog", { name: "Your cart" });
    const more = within(drawer).getByRole("button", { name: "One more Tour Shirt (M)" });
    await user.click(more);
    await user.click(more);
    expect(within(drawer).getByRole("spinbutton", { name: "Quantity of Tour Shirt (M)" })).toHaveValue(3);
    // Three is this item's maximum per order.
    expect(more).toBeDisabled();
    expect(within(drawer).getByText("$60.00")).toBeInTheDocument();
    await user.click(within(drawer).getByRole("button", { name: "One less Tour Shirt (M)" }));
    expect(storedLines()).toEqual([expect.objectContaining({ variantId: shirtM.variantId, quantity: 2 })]);

    await user.click(within(drawer).getByRole("button", { name: "Remove Tour Shirt (M)" }));
    expect(within(drawer).getByText("Your cart is empty.")).toBeInTheDocument();
    expect(storedLines()).toEqual([]);
  });

  it("keeps the cart across a reload", async () => {
    const user = userEvent.setup();
    const first = renderShop();
    const addTote = screen.getAllByRole("button", { name: "Add to cart" })[1];
    await user.click(addTote);
    await user.click(addTote);
    first.unmount();

    // A reload: the page and the store start over from what the browser kept.
    act(() => cart.reload());
    renderShop();
    expect(screen.getByRole("button", { name: /Cart \(2\)/ })).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: /Cart \(2\)/ }));
    const drawer = await screen.findByRole("dialog", { name: "Your cart" });
    expect(within(drawer).getByRole("spinbutton", { name: "Quantity of Tote Bag" })).toHaveValue(2);
  });

  it("says Added for a moment, and tells screen readers the cart's count", async () => {
    const user = userEvent.setup();
    renderShop();
    const announcer = screen.getByTestId("cart-announcer");
    expect(announcer).toHaveAttribute("aria-live", "polite");
    expect(announcer).toHaveTextContent("");
    const addTote = screen.getAllByRole("button", { name: "Add to cart" })[1];
    await user.click(addTote);
    expect(addTote).toHaveAccessibleName("Added");
    expect(announcer).toHaveTextContent("1 item in your cart");
    await user.click(addTote);
    expect(announcer).toHaveTextContent("2 items in your cart");
    await vi.waitFor(() => expect(addTote).toHaveAccessibleName("Add to cart"), { timeout: 3000 });
  });

  it("holds no more than the stock, saying how many are left, with 44 px targets on a phone", async () => {
    const user = userEvent.setup();
    // Shirt L: 2 in stock, 3 per order.
    renderPage(
      <>
        <AddToCartButton product={{ ...shirtL, stockQuantity: 2 }} />
        <CartButton />
        <CartDrawer />
      </>,
    );
    const addShirtL = screen.getByRole("button", { name: "Add to cart" });
    await user.click(addShirtL);
    await user.click(addShirtL);
    await user.click(addShirtL);
    await user.click(screen.getByRole("button", { name: /Cart \(/ }));
    const drawer = await screen.findByRole("dialog", { name: "Your cart" });
    expect(within(drawer).getByRole("spinbutton", { name: "Quantity of Tour Shirt (L)" })).toHaveValue(2);
    expect(within(drawer).getByRole("button", { name: "One more Tour Shirt (L)" })).toBeDisabled();
    expect(within(drawer).getByText("Only 2 left")).toBeInTheDocument();
    for (const name of ["One more Tour Shirt (L)", "One less Tour Shirt (L)", "Close"]) {
      expect(within(drawer).getByRole("button", { name })).toHaveClass("size-11");
    }
  });

  it("ignores a damaged stored cart", () => {
    window.localStorage.setItem(CART_STORAGE_KEY, "{not json");
    act(() => cart.reload());
    renderShop();
    expect(screen.queryByRole("button", { name: /Cart/ })).not.toBeInTheDocument();
  });
});

describe("the buttons for a picked variant", () => {
  it("shows Buy and Add to cart for a variant in stock, and only a disabled Sold out otherwise", async () => {
    const user = userEvent.setup();
    const item = {
      id: shirtM.merchandiseId,
      name: "Tour Shirt",
      maxPerOrder: 10,
      shipsFrom: null,
      isAvailable: 1,
    };
    const medium = { id: shirtM.variantId, options: { Size: "M", Colour: "Black" }, price: "22.00", stockQuantity: 2 };
    renderPage(
      <>
        <ShopBuyButtons product={cartProductOf(item, medium)} />
        <ShopBuyButtons product={cartProductOf(item, { ...medium, id: shirtL.variantId, stockQuantity: 0 })} />
        <CartDrawer />
      </>,
    );
    expect(screen.getAllByRole("button", { name: "Buy Tour Shirt" })).toHaveLength(1);
    expect(screen.getAllByRole("button", { name: "Add to cart" })).toHaveLength(1);
    expect(screen.getByRole("button", { name: "Sold out" })).toBeDisabled();
    await user.click(screen.getByRole("button", { name: "Buy Tour Shirt" }));
    const drawer = await screen.findByRole("dialog", { name: "Your cart" });
    expect(within(drawer).getByText("M / Black")).toBeInTheDocument();
    expect(within(drawer).getByText("$22.00", { selector: "p" })).toBeInTheDocument();
  });
});

describe("downloads in the drawer", () => {
  const release = {
    id: "6c6c6c6c-0000-4000-8000-000000000001",
    title: "Glass Harbour",
    artist: "Mara Quill",
    coverUrl: "/objects/uploads/0b9a7f0e-8a57-4c1e-9a3e-1f2d3c4b5a69",
    price: "7.00",
    payWhatYouWant: false,
    minimumPrice: null,
    suggestedPrice: null,
    trackPrice: "0.99",
  };

  it("shows a release and a single track with cover, artist, price and Remove, and no quantity", async () => {
    const user = userEvent.setup();
    act(() => {
      cart.add(tote, 1);
      cart.addDownload(downloadLineOf(release, null));
      cart.addDownload(downloadLineOf(release, { id: "6c6c6c6c-0000-4000-8000-000000000011", title: "Low Tide" }));
    });
    renderShop();
    // One tote and two downloads.
    await user.click(screen.getByRole("button", { name: /Cart \(3\)/ }));
    const drawer = await screen.findByRole("dialog", { name: "Your cart" });
    const [, whole, track] = within(drawer).getAllByRole("listitem");
    expect(within(whole).getByText("Glass Harbour")).toBeInTheDocument();
    expect(within(whole).getByText("Mara Quill")).toBeInTheDocument();
    expect(within(whole).getByText("Download")).toBeInTheDocument();
    expect(within(whole).getByText("$7.00")).toBeInTheDocument();
    expect(whole.querySelector("img")).toHaveAttribute("src", release.coverUrl);
    expect(whole.querySelector("img")).toHaveAttribute("alt", "");
    expect(within(whole).queryByRole("spinbutton")).toBeNull();
    expect(within(track).getByText("Low Tide — from Glass Harbour")).toBeInTheDocument();
    expect(within(track).getByText("$0.99")).toBeInTheDocument();
    // 12.50 + 7.00 + 0.99
    expect(within(drawer).getByText("$20.49")).toBeInTheDocument();

    await user.click(within(drawer).getByRole("button", { name: "Remove Low Tide — from Glass Harbour" }));
    expect(within(drawer).getAllByRole("listitem")).toHaveLength(2);
    expect(cart.downloads().map((l) => l.title)).toEqual(["Glass Harbour"]);
    expect(screen.getByTestId("cart-announcer")).toHaveTextContent("2 items in your cart");
  });

  it("says only tax is added for a cart of downloads", async () => {
    act(() => cart.addDownload(downloadLineOf(release, null)));
    renderShop();
    await userEvent.click(screen.getByRole("button", { name: /Cart \(1\)/ }));
    const drawer = await screen.findByRole("dialog", { name: "Your cart" });
    expect(within(drawer).getByText("Tax is added at checkout.")).toBeInTheDocument();
    expect(within(drawer).getByRole("link", { name: "Checkout" })).toBeInTheDocument();
  });
});
