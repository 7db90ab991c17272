import { act, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { json, mockApi, renderPage, type ApiCall } from "@/test/page-harness";
import { resetStripeFakes } from "@/test/stripe-fakes";
import { cart } from "../cart-store";
import { CheckoutForm } from "./checkout-form";
import { SHIRT_LINE as shirt } from "../cart.test-support";

vi.mock("@stripe/stripe-js/pure", async () => (await import("@/test/stripe-fakes")).fakeStripeJs);
vi.mock("@stripe/react-stripe-js", async () => (await import("@/test/stripe-fakes")).fakeReactStripe);

const tote = {
  ...shirt,
  variantId: "44444444-4444-4444-8444-444444444444",
  name: "Tote Bag",
  optionsLabel: "Black",
  price: "14.99",
};

const GOODS_ONLY = { digital: [], digitalTaxRate: null };
const QUOTES: Record<string, object> = {
  US: {
    subtotal: "54.99",
    shipping: "7.00",
    tax: "5.50",
    total: "67.49",
    zone: "Domestic",
    taxRate: "8.875",
    ...GOODS_ONLY,
  },
  DE: { subtotal: "54.99", shipping: "19.00", tax: "14.06", total: "88.05", zone: "EU", taxRate: "19", ...GOODS_ONLY },
};

let calls: ApiCall[];

beforeEach(() => {
  window.localStorage.clear();
  act(() => cart.reload());
  act(() => {
    cart.add(shirt, 2);
    cart.add(tote, 1);
  });
  resetStripeFakes();
  calls = mockApi({
    "GET /api/config": () => ({ stripePublishableKey: "pk_test_123" }),
    "GET /api/shipping/zones": () => [
      { id: "z1", name: "Domestic", countries: ["US"], taxRate: "8.875" },
      { id: "z2", name: "EU", countries: ["DE", "FR"], taxRate: "19" },
    ],
    "POST /api/merchandise-orders/quote": ({ body }) => {
      const { country } = body as { country: string };
      return QUOTES[country] ?? json({ message: `We don't ship to ${country}` }, 400);
    },
    "POST /api/merchandise-orders": () => json({ orderId: "o1", clientSecret: "pi_9_secret_z", total: "88.05" }, 201),
  });
});

async function fillAddress(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByLabelText("Email"), "ada@fans.test");
  await user.type(screen.getByLabelText("Full name"), "Ada Fan");
  await user.type(screen.getByLabelText("Address"), "Torstr. 1");
  await user.type(screen.getByLabelText("City"), "Berlin");
  await user.type(screen.getByLabelText("Postal code"), "10115");
}

describe("the checkout", () => {
  it("offers only the countries shipped to, and shows the server's quote as soon as a country is chosen", async () => {
    const user = userEvent.setup();
    renderPage(<CheckoutForm />, "/checkout");
    const select = await screen.findByLabelText("Country");
    await within(select).findByRole("option", { name: "Germany" });
    expect(
      within(select)
        .getAllByRole("option")
        .map((o) => o.textContent),
    ).toEqual(["Choose a country", "France", "Germany", "United States"]);
    expect(screen.getByText("Choose a country to see shipping and tax.")).toBeInTheDocument();

    await user.selectOptions(select, "US");
    expect(await screen.findByText("$67.49")).toBeInTheDocument();
    expect(screen.getByText("$7.00")).toBeInTheDocument();

    await user.selectOptions(select, "DE");
    expect(await screen.findByText("$88.05")).toBeInTheDocument();
    expect(screen.getByText("$19.00")).toBeInTheDocument();
    expect(screen.getByText("$14.06")).toBeInTheDocument();
    const quotes = calls.filter((c) => c.url === "/api/merchandise-orders/quote").map((c) => c.body);
    expect(quotes).toContainEqual({
      items: [
        { variantId: shirt.variantId, quantity: 2 },
        { variantId: tote.variantId, quantity: 1 },
      ],
      digital: [],
      country: "DE",
    });
  });

  it("places the order with variants, quantities, e-mail and address only, then asks for the card", async () => {
    const user = userEvent.setup();
    renderPage(<CheckoutForm />, "/checkout");
    const select = await screen.findByLabelText("Country");
    await within(select).findByRole("option", { name: "Germany" });
    await fillAddress(user);
    await user.selectOptions(select, "DE");
    await user.click(screen.getByRole("button", { name: "Continue to Payment" }));
    expect(await screen.findByRole("button", { name: "Pay $88.05" })).toBeInTheDocument();
    const placed = calls.find((c) => c.method === "POST" && c.url === "/api/merchandise-orders");
    // No price, shipping, tax or total: the server works them out.
    expect(Object.keys(placed?.body as object).sort()).toEqual(["address", "digital", "email", "items"]);
    expect(placed?.body).toMatchObject({
      items: [
        { variantId: shirt.variantId, quantity: 2 },
        { variantId: tote.variantId, quantity: 1 },
      ],
      email: "ada@fans.test",
      address: {
        name: "Ada Fan",
        line1: "Torstr. 1",
        city: "Berlin",
        postalCode: "10115",
        country: "DE",
      },
    });
  });

  it("confirms the order of a buyer back from a payment redirect and empties the cart", async () => {
    window.history.replaceState(null, "", "/checkout?payment_intent=pi_9&redirect_status=succeeded&checkout=shop");
    calls = mockApi({
      "GET /api/shipping/zones": () => [],
      "POST /api/merchandise-orders/complete": () => ({
        id: "o1",
        itemName: null,
        quantity: null,
        totalAmount: "88.05",
        paymentStatus: "paid",
      }),
    });
    renderPage(<CheckoutForm />, "/checkout");
    expect(await screen.findByText("Thank you for your order")).toBeInTheDocument();
    expect(calls.find((c) => c.url === "/api/merchandise-orders/complete")?.body).toEqual({ paymentIntentId: "pi_9" });
    expect(window.localStorage.getItem("label-shop-cart")).toBe("[]");
    window.history.replaceState(null, "", "/");
  });

  it("edits the lines in place: quantities within the per-order maximum, and Remove", async () => {
    const user = userEvent.setup();
    renderPage(<CheckoutForm />, "/checkout");
    const lines = within(await screen.findByRole("list", { name: "Items in your cart" }));
    await user.click(lines.getByRole("button", { name: "One more Tour Shirt (M)" }));
    expect(lines.getByRole("spinbutton", { name: "Quantity of Tour Shirt (M)" })).toHaveValue(3);
    await user.click(lines.getByRole("button", { name: "Remove Tote Bag (Black)" }));
    expect(lines.getAllByRole("listitem")).toHaveLength(1);
    expect(cart.lines()).toEqual([expect.objectContaining({ variantId: shirt.variantId, quantity: 3 })]);
  });

  it("asks for a country in plain words, and shows a stock refusal beside its line, not as a toast", async () => {
    calls = mockApi({
      "GET /api/config": () => ({ stripePublishableKey: "pk_test_123" }),
      "GET /api/shipping/zones": () => [{ id: "z2", name: "EU", countries: ["DE"], taxRate: "19" }],
      "POST /api/merchandise-orders/quote": () => QUOTES.DE,
      "POST /api/merchandise-orders": () =>
        json({ message: "Only 1 left of Tote Bag (Black)", fieldErrors: { "items.1.quantity": ["Only 1 left"] } }, 409),
    });
    act(() => cart.setQuantity(tote.variantId, 3));
    const user = userEvent.setup();
    renderPage(<CheckoutForm />, "/checkout");
    await within(await screen.findByLabelText("Country")).findByRole("option", { name: "Germany" });
    await fillAddress(user);
    await user.click(screen.getByRole("button", { name: "Continue to Payment" }));
    expect(await screen.findByText("Choose a country", { selector: "p" })).toBeInTheDocument();

    await user.selectOptions(screen.getByLabelText("Country"), "DE");
    await user.click(screen.getByRole("button", { name: "Continue to Payment" }));
    const toteLine = (await screen.findByRole("alert", { name: "" }, { timeout: 3000 })).closest("li")!;
    expect(toteLine).toHaveTextContent("Tote Bag (Black)");
    expect(within(toteLine).getByRole("alert")).toHaveTextContent("Only 1 left");
    expect(screen.queryByText("Only 1 left of Tote Bag (Black)")).not.toBeInTheDocument();
    // No more than the stock from now on; lowering the line clears the refusal.
    expect(within(toteLine).getByRole("button", { name: "One more Tote Bag (Black)" })).toBeDisabled();
    await user.click(within(toteLine).getByRole("button", { name: "One less Tote Bag (Black)" }));
    await user.click(within(toteLine).getByRole("button", { name: "One less Tote Bag (Black)" }));
    expect(within(toteLine).queryByRole("alert")).not.toBeInTheDocument();
    expect(within(toteLine).getByRole("spinbutton")).toHaveValue(1);
  });

  it("says so when the cart is empty", () => {
    act(() => cart.clear());
    renderPage(<CheckoutForm />, "/checkout");
    expect(screen.getByText("Your cart is empty.")).toBeInTheDocument();
  });
});
