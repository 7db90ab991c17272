import { act, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { json, mockApi, renderPage, type ApiCall } from "@/test/page-harness";
import { resetStripeFakes, stripeFakes } from "@/test/stripe-fakes";
import { cart } from "../cart-store";
import { downloadLineOf } from "../download-lines";
import { CheckoutForm } from "./checkout-form";
import { RELEASE_ON_SALE as RELEASE, TRACK_ON_SALE as TRACK, SHIRT_LINE as shirt } from "../cart.test-support";

vi.mock("@stripe/stripe-js/pure", async () => (await import("@/test/stripe-fakes")).fakeStripeJs);
vi.mock("@stripe/react-stripe-js", async () => (await import("@/test/stripe-fakes")).fakeReactStripe);

const DIGITAL = [
  { releaseId: RELEASE.id, amount: "9.50" },
  { releaseId: RELEASE.id, trackId: TRACK.id },
];
const quotedDigital = [
  { releaseId: RELEASE.id, trackId: null, title: "Glass Harbour", artist: "Mara Quill", amount: "9.50", tax: "1.81" },
  { releaseId: RELEASE.id, trackId: TRACK.id, title: "Low Tide", artist: "Mara Quill", amount: "0.99", tax: "0.19" },
];
/** Downloads only, to Japan: no zone, no shipping; 19 % digital tax. */
const DOWNLOADS_QUOTE = {
  subtotal: "10.49",
  shipping: "0.00",
  tax: "2.00",
  total: "12.49",
  zone: null,
  taxRate: null,
  digital: quotedDigital,
  digitalTaxRate: "19",
};
/** The shirt and the downloads to Germany: the shirt's 19 % on 20.00 + 5.00 shipping is 4.75. */
const MIXED_QUOTE = {
  subtotal: "30.49",
  shipping: "5.00",
  tax: "6.75",
  total: "42.24",
  zone: "EU",
  taxRate: "19",
  digital: quotedDigital,
  digitalTaxRate: "19",
};

let calls: ApiCall[];
const sent = (url: string) => calls.filter((c) => c.method === "POST" && c.url === url).map((c) => c.body);

function mockCheckout(
  place: () => Response = () => json({ orderId: "o1", clientSecret: "pi_9_secret_z", total: "12.49" }, 201),
) {
  calls = mockApi({
    "GET /api/config": () => ({ stripePublishableKey: "pk_test_123" }),
    "GET /api/shipping/zones": () => [{ id: "z2", name: "EU", countries: ["DE"], taxRate: "19" }],
    "POST /api/merchandise-orders/quote": ({ body }) =>
      (body as { items: unknown[] }).items.length > 0 ? MIXED_QUOTE : DOWNLOADS_QUOTE,
    "POST /api/merchandise-orders": place,
    "POST /api/merchandise-orders/complete": () => ({ id: "o1", totalAmount: "12.49", paymentStatus: "paid" }),
  });
}

beforeEach(() => {
  window.localStorage.clear();
  act(() => {
    cart.reload();
    cart.addDownload(downloadLineOf(RELEASE, null, "9.50"));
    cart.addDownload(downloadLineOf(RELEASE, TRACK));
  });
  resetStripeFakes();
  mockCheckout();
});

describe("the checkout of downloads only", () => {
  it("asks only for the e-mail and any country, sends the country and the downloads, and says the links are coming", async () => {
    const user = userEvent.setup();
    renderPage(<CheckoutForm />, "/checkout");
    const lines = within(screen.getByRole("list", { name: "Items in your cart" }));
    expect(lines.getByText("Glass Harbour")).toBeInTheDocument();
    expect(lines.getByText("$9.50")).toBeInTheDocument();
    expect(lines.getByText("Low Tide — from Glass Harbour")).toBeInTheDocument();
    expect(screen.getByRole("heading", { name: "Your details" })).toBeInTheDocument();
    for (const label of ["Full name", "Address", "City", "Postal code"])
      expect(screen.queryByLabelText(label)).not.toBeInTheDocument();
    const country = screen.getByLabelText("Country");
    expect(country).toHaveAccessibleDescription("Downloads are e-mailed; tax depends on your country");
    // Downloads go anywhere, not only where the shop ships goods.
    expect(within(country).getByRole("option", { name: "Japan" })).toBeInTheDocument();
    expect(screen.getByText("Choose a country to see the tax.")).toBeInTheDocument();

    await user.click(screen.getByRole("button", { name: "Continue to Payment" }));
    expect(await screen.findByText("Choose a country", { selector: "p" })).toBeInTheDocument();
    expect(sent("/api/merchandise-orders")).toEqual([]);

    await user.selectOptions(country, "JP");
    const summary = within(await screen.findByLabelText("Order total"));
    expect(summary.getByText("Tax on downloads (19%)")).toBeInTheDocument();
    expect(summary.getByText("$2.00")).toBeInTheDocument();
    expect(summary.getByText("$12.49")).toBeInTheDocument();
    expect(summary.queryByText("Shipping")).not.toBeInTheDocument();
    expect(sent("/api/merchandise-orders/quote")).toContainEqual({ items: [], digital: DIGITAL, country: "JP" });

    await user.type(screen.getByLabelText("Email"), "ada@fans.test");
    await user.click(screen.getByRole("button", { name: "Continue to Payment" }));
    stripeFakes.confirmPayment.mockResolvedValueOnce({ paymentIntent: { id: "pi_9", status: "succeeded" } });
    await user.click(await screen.findByRole("button", { name: "Pay $12.49" }));
    expect(sent("/api/merchandise-orders")).toEqual([
      { items: [], digital: DIGITAL, email: "ada@fans.test", country: "JP" },
    ]);

    expect(await screen.findByText("Thank you for your order")).toBeInTheDocument();
    expect(screen.getByText("Your download links are on their way to ada@fans.test.")).toBeInTheDocument();
    expect(cart.downloads()).toEqual([]);
  });

  it("shows the server's refusal of a download's amount beside that download, not as a toast", async () => {
    mockCheckout(() =>
      json(
        {
          message: "The minimum for this release is $10.00",
          fieldErrors: { "digital.0.amount": ["The minimum for this release is $10.00"] },
        },
        400,
      ),
    );
    const user = userEvent.setup();
    renderPage(<CheckoutForm />, "/checkout");
    await user.type(screen.getByLabelText("Email"), "ada@fans.test");
    await user.selectOptions(screen.getByLabelText("Country"), "JP");
    await user.click(screen.getByRole("button", { name: "Continue to Payment" }));

    const alert = await screen.findByRole("alert");
    expect(alert).toHaveTextContent("The minimum for this release is $10.00");
    const line = alert.closest("li")!;
    expect(within(line).getByText("Glass Harbour")).toBeInTheDocument();
    expect(screen.getAllByText("The minimum for this release is $10.00")).toHaveLength(1);
    expect(screen.queryByRole("button", { name: /^Pay / })).not.toBeInTheDocument();
  });
  it("says a quote's refusal of a download beside that download, and what to do in the totals' place", async () => {
    calls = mockApi({
      "POST /api/merchandise-orders/quote": () =>
        json(
          {
            message: "The minimum for this release is $10.00",
            fieldErrors: { "digital.0.amount": ["The minimum for this release is $10.00"] },
          },
          400,
        ),
    });
    renderPage(<CheckoutForm />, "/checkout");
    await userEvent.selectOptions(screen.getByLabelText("Country"), "JP");
    const alert = await screen.findByRole("alert");
    expect(within(alert.closest("li")!).getByText("Glass Harbour")).toBeInTheDocument();
    expect(screen.getByText("Change or remove the line marked above to see the total.")).toBeInTheDocument();

    // Removed, the release's refusal goes with it and the rest is priced again.
    mockCheckout();
    await userEvent.click(screen.getByRole("button", { name: "Remove Glass Harbour" }));
    expect(await screen.findByLabelText("Order total")).toBeInTheDocument();
    expect(screen.queryByRole("alert")).not.toBeInTheDocument();
  });
});

describe("the checkout of goods and downloads", () => {
  it("asks for the address, sends both kinds, and shows shipping and each kind's tax", async () => {
    act(() => cart.add(shirt, 1));
    mockCheckout(() => json({ orderId: "o1", clientSecret: "pi_9_secret_z", total: "42.24" }, 201));
    const user = userEvent.setup();
    renderPage(<CheckoutForm />, "/checkout");
    expect(screen.getByRole("heading", { name: "Shipping" })).toBeInTheDocument();
    const country = screen.getByLabelText("Country");
    await within(country).findByRole("option", { name: "Germany" });
    expect(within(country).queryByRole("option", { name: "Japan" })).not.toBeInTheDocument();
    await user.type(screen.getByLabelText("Email"), "ada@fans.test");
    await user.type(screen.getByLabelText("Full name"), "Ada Fan");
    await user.type(screen.getByLabelText("Address"), "Torstr. 1");
    await user.type(screen.getByLabelText("City"), "Berlin");
    await user.type(screen.getByLabelText("Postal code"), "10115");
    await user.selectOptions(country, "DE");

    const summary = within(await screen.findByLabelText("Order total"));
    expect(summary.getByText("Shipping")).toBeInTheDocument();
    expect(summary.getByText("$5.00")).toBeInTheDocument();
    // 6.75 in all: 4.75 on the shirt and its shipping, 2.00 on the downloads.
    expect(summary.getByText("Tax (19 %)")).toBeInTheDocument();
    expect(summary.getByText("$4.75")).toBeInTheDocument();
    expect(summary.getByText("Tax on downloads (19%)")).toBeInTheDocument();
    expect(summary.getByText("$2.00")).toBeInTheDocument();

    await user.click(screen.getByRole("button", { name: "Continue to Payment" }));
    expect(await screen.findByRole("button", { name: "Pay $42.24" })).toBeInTheDocument();
    const items = [{ variantId: shirt.variantId, quantity: 1 }];
    expect(sent("/api/merchandise-orders/quote")).toContainEqual({ items, digital: DIGITAL, country: "DE" });
    expect(sent("/api/merchandise-orders")).toEqual([
      {
        items,
        digital: DIGITAL,
        email: "ada@fans.test",
        address: expect.objectContaining({ line1: "Torstr. 1", country: "DE" }) as unknown,
      },
    ]);
  });
});
