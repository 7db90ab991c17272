import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { resetStripeFakes, stripeFakes } from "@/test/stripe-fakes";
import { toast } from "@/hooks/use-toast";
import { json, mockApi, renderPage, type ApiCall } from "@/test/page-harness";
import { MerchandiseBuyButton } from "./merchandise-buy-button";

vi.mock("@stripe/stripe-js/pure", async () => (await import("@/test/stripe-fakes")).fakeStripeJs);
vi.mock("@stripe/react-stripe-js", async () => (await import("@/test/stripe-fakes")).fakeReactStripe);
// The real toasts, counted: a failure must raise exactly one.
vi.mock("@/hooks/use-toast", async (importOriginal) => {
  const actual = await importOriginal<typeof import("@/hooks/use-toast")>();
  return { ...actual, toast: vi.fn(actual.toast) };
});

const shirt = {
  id: "22222222-2222-4222-8222-222222222222",
  name: "Tour Shirt",
  price: "19.99",
  stockQuantity: 3,
  isAvailable: 1,
  maxPerOrder: 10,
  options: [] as { name: string; values: string[] }[],
};

let publishableKey: string | null;
let calls: ApiCall[];

beforeEach(() => {
  publishableKey = "pk_test_123";
  resetStripeFakes();
  calls = mockApi(
    {
      "GET /api/config": () => ({ stripePublishableKey: publishableKey }),
      "POST /api/merchandise-orders/payment-intent": () => json({ clientSecret: "pi_9_secret_z", orderId: "o1" }, 201),
      "POST /api/merchandise-orders/complete": () => ({ id: "o1", paymentStatus: "paid" }),
      "GET /api/merchandise-orders": () => [
        {
          id: "o1",
          merchandiseId: shirt.id,
          itemName: "Tour Shirt",
          unitPrice: "19.99",
          quantity: 2,
          totalAmount: "39.98",
          customerEmail: "fan@label.test",
          paymentStatus: "paid",
          paymentIntentId: "pi_9",
          createdAt: "2030-01-02T10:00:00.000Z",
          paidAt: "2030-01-02T10:01:00.000Z",
        },
      ],
    },
    null,
  );
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.mocked(toast).mockClear();
});

const posts = (url: string) => calls.filter((c) => c.method === "POST" && c.url === url);

async function openCheckout(item = shirt) {
  const user = userEvent.setup();
  renderPage(<MerchandiseBuyButton item={item} />);
  await user.click(screen.getByRole("button", { name: "Buy" }));
  const dialog = await screen.findByRole("dialog", { name: `Buy ${item.name}` });
  // The dialog first checks that payments are on.
  if (publishableKey) await within(dialog).findByLabelText("Quantity");
  return { user, dialog };
}

describe("MerchandiseBuyButton", () => {
  it("is disabled, and says why, for an unavailable or out-of-stock item", () => {
    renderPage(
      <>
        <MerchandiseBuyButton item={{ ...shirt, stockQuantity: 0 }} />
        <MerchandiseBuyButton item={{ ...shirt, isAvailable: 0 }} />
      </>,
    );
    expect(screen.getByRole("button", { name: "Out of stock" })).toBeDisabled();
    expect(screen.getByRole("button", { name: "Unavailable" })).toBeDisabled();
  });

  it("limits the quantity to the stock and needs a valid e-mail", async () => {
    const { user, dialog } = await openCheckout();
    const quantity = within(dialog).getByLabelText("Quantity");
    expect(quantity).toHaveValue(1);
    expect(within(dialog).getByText("$19.99")).toBeInTheDocument();
    await user.clear(quantity);
    await user.type(quantity, "4");
    await user.type(within(dialog).getByLabelText("Email"), "nope");
    await user.click(within(dialog).getByRole("button", { name: "Continue to Payment" }));
    expect(await within(dialog).findByText("Only 3 left")).toBeInTheDocument();
    expect(within(dialog).getByText(/Invalid email/i)).toBeInTheDocument();
    expect(posts("/api/merchandise-orders/payment-intent")).toHaveLength(0);
  });

  it("limits the quantity to the item's per-order maximum when that is below the stock", async () => {
    const { user, dialog } = await openCheckout({ ...shirt, stockQuantity: 40, maxPerOrder: 5 });
    const quantity = within(dialog).getByLabelText("Quantity");
    expect(quantity).toHaveAttribute("max", "5");
    expect(within(dialog).getByText(/up to 5 per order/)).toBeInTheDocument();
    await user.clear(quantity);
    await user.type(quantity, "6");
    await user.type(within(dialog).getByLabelText("Email"), "fan@label.test");
    await user.click(within(dialog).getByRole("button", { name: "Continue to Payment" }));
    expect(await within(dialog).findByText("At most 5 per order")).toBeInTheDocument();
    expect(posts("/api/merchandise-orders/payment-intent")).toHaveLength(0);
  });

  it("without Stripe keys says so as the dialog opens, asks for nothing and reserves nothing", async () => {
    publishableKey = null;
    const { user, dialog } = await openCheckout();
    expect(
      await within(dialog).findByText("Payment processing is not available at this time. Please contact support."),
    ).toBeInTheDocument();
    expect(within(dialog).queryByLabelText("Email")).not.toBeInTheDocument();
    expect(within(dialog).queryByLabelText("Quantity")).not.toBeInTheDocument();
    await user.click(within(dialog).getAllByRole("button", { name: "Close" })[0]);
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    expect(posts("/api/merchandise-orders/payment-intent")).toHaveLength(0);
  });

  it("fills in a signed-in buyer's e-mail", async () => {
    const user = userEvent.setup();
    renderPage(<MerchandiseBuyButton item={shirt} customerEmail="member@label.test" />);
    await user.click(screen.getByRole("button", { name: "Buy" }));
    const dialog = await screen.findByRole("dialog", { name: `Buy ${shirt.name}` });
    expect(await within(dialog).findByLabelText("Email")).toHaveValue("member@label.test");
  });

  it("starts the order, pays by card, completes it and closes", async () => {
    const { user, dialog } = await openCheckout();
    const quantity = within(dialog).getByLabelText("Quantity");
    await user.clear(quantity);
    await user.type(quantity, "2");
    expect(within(dialog).getByText("$39.98")).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText("Email"), "fan@label.test");
    await user.click(within(dialog).getByRole("button", { name: "Continue to Payment" }));

    expect(await within(dialog).findByTestId("stripe-elements")).toHaveAttribute("data-client-secret", "pi_9_secret_z");
    expect(posts("/api/merchandise-orders/payment-intent")[0].body).toEqual({
      merchandiseId: shirt.id,
      quantity: 2,
      customerEmail: "fan@label.test",
    });
    stripeFakes.confirmPayment.mockResolvedValueOnce({ paymentIntent: { id: "pi_9", status: "succeeded" } });
    await user.click(within(dialog).getByRole("button", { name: "Pay $39.98" }));

    expect(await screen.findByText("Payment Successful!")).toBeInTheDocument();
    expect(posts("/api/merchandise-orders/complete")[0].body).toEqual({ paymentIntentId: "pi_9" });
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
  });
});

describe("MerchandiseBuyButton for an item with options", () => {
  const sized = { ...shirt, options: [{ name: "Size", values: ["S", "M"] }] };

  it("leads to the item's page, where the options are chosen", () => {
    renderPage(<MerchandiseBuyButton item={sized} />);
    const buy = screen.getByRole("link", { name: "Buy Tour Shirt: choose its options" });
    expect(buy).toHaveAttribute("href", `/merch/${shirt.id}`);
    expect(buy).toHaveTextContent("Buy");
  });

  it("sells the chosen combination at its own price and stock", async () => {
    const user = userEvent.setup();
    const variant = { id: "33333333-3333-4333-8333-333333333333", label: "M", price: "21.00", stockQuantity: 1 };
    renderPage(<MerchandiseBuyButton item={sized} variant={variant} />);
    await user.click(screen.getByRole("button", { name: "Buy" }));
    const dialog = await screen.findByRole("dialog", { name: "Buy Tour Shirt (M)" });
    expect(within(dialog).getByText(/\$21\.00 each · 1 in stock/)).toBeInTheDocument();
    await user.type(await within(dialog).findByLabelText("Email"), "fan@label.test");
    await user.click(within(dialog).getByRole("button", { name: "Continue to Payment" }));
    await within(dialog).findByTestId("stripe-elements");
    expect(posts("/api/merchandise-orders/payment-intent")[0].body).toEqual({
      merchandiseId: shirt.id,
      variantId: variant.id,
      quantity: 1,
      customerEmail: "fan@label.test",
    });
  });

  it("is disabled for a sold-out combination", () => {
    renderPage(
      <MerchandiseBuyButton item={sized} variant={{ id: "v", label: "S", price: "19.99", stockQuantity: 0 }} />,
    );
    expect(screen.getByRole("button", { name: "Out of stock" })).toBeDisabled();
  });
});

describe("MerchandiseBuyButton when the order cannot start", () => {
  it("shows the server's reason in one 'Error' toast and stays on the form", async () => {
    mockApi(
      {
        "GET /api/config": () => ({ stripePublishableKey: publishableKey }),
        "POST /api/merchandise-orders/payment-intent": () => json({ message: "Only 1 left" }, 409),
      },
      null,
    );
    const { user, dialog } = await openCheckout();
    await user.type(within(dialog).getByLabelText("Email"), "fan@label.test");
    await user.click(within(dialog).getByRole("button", { name: "Continue to Payment" }));

    expect(await screen.findByText("Only 1 left")).toBeInTheDocument();
    expect(toast).toHaveBeenCalledTimes(1);
    expect(toast).toHaveBeenCalledWith({ title: "Error", description: "Only 1 left", variant: "destructive" });
    expect(within(dialog).getByLabelText("Quantity")).toBeInTheDocument();
  });
});

describe("MerchandiseBuyButton when the server refuses a field", () => {
  it("shows its message beside the field, with one toast", async () => {
    mockApi(
      {
        "GET /api/config": () => ({ stripePublishableKey: publishableKey }),
        "POST /api/merchandise-orders/payment-intent": () =>
          json({ message: "At most 2 per order", fieldErrors: { quantity: ["At most 2 per order"] } }, 400),
      },
      null,
    );
    const { user, dialog } = await openCheckout();
    await user.type(within(dialog).getByLabelText("Email"), "fan@label.test");
    await user.click(within(dialog).getByRole("button", { name: "Continue to Payment" }));

    const quantity = within(dialog).getByLabelText("Quantity");
    await waitFor(() => expect(quantity).toHaveAccessibleDescription("At most 2 per order"));
    expect(quantity).toHaveAttribute("aria-invalid", "true");
    expect(toast).toHaveBeenCalledTimes(1);
  });
});
