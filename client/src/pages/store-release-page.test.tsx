import { act, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { Route } from "wouter";
import type { StoreRelease } from "@shared/store";
import { cart } from "@/features/shop/cart/cart-store";
import { mockApi, renderPage } from "@/test/page-harness";
import { resetStripeFakes, stripeFakes } from "@/test/stripe-fakes";
import { StoreReleasePage } from "./store-release-page";

vi.mock("@stripe/stripe-js/pure", async () => (await import("@/test/stripe-fakes")).fakeStripeJs);
vi.mock("@stripe/react-stripe-js", async () => (await import("@/test/stripe-fakes")).fakeReactStripe);

const ID = "6c6c6c6c-0000-4000-8000-000000000001";
const track = (n: number, title: string) => ({
  id: `6c6c6c6c-0000-4000-8000-00000000001${n}`,
  title,
  position: n,
  durationSeconds: 184,
  previewUrl: null,
});
const RELEASE: StoreRelease = {
  id: ID,
  title: "Glass Harbour",
  artist: "Mara Quill",
  genre: "Ambient",
  coverUrl: null,
  releaseDate: null,
  price: "7.00",
  payWhatYouWant: true,
  minimumPrice: "5.00",
  suggestedPrice: "8.00",
  trackPrice: "0.99",
  formats: ["mp3-320", "flac"],
  tracks: [track(0, "Low Tide"), track(1, "Salt Lines")],
};

function open(release: StoreRelease, routes: Parameters<typeof mockApi>[0] = {}) {
  const calls = mockApi({ [`GET /api/store/releases/${ID}`]: () => release, ...routes }, null);
  renderPage(<Route path="/store/:id" component={StoreReleasePage} />, `/store/${ID}`);
  return calls;
}

afterEach(() => {
  vi.unstubAllGlobals();
  resetStripeFakes();
});

describe("StoreReleasePage's single tracks", () => {
  it("offers each track at the track price and buys it by card, sending the track and no amount", async () => {
    const calls = open(RELEASE, {
      "GET /api/config": () => ({ stripePublishableKey: "pk_test_123" }),
      [`POST /api/store/releases/${ID}/purchase`]: () => ({
        status: "pending",
        message: "Pay by card; the download link then goes to fan@label.test.",
        clientSecret: "pi_7_secret_x",
      }),
    });
    const tracks = await screen.findByRole("list", { name: "Tracks" });
    expect(within(tracks).getByRole("button", { name: "Buy Low Tide for $0.99" })).toBeInTheDocument();
    expect(screen.getByText("Single tracks $0.99 each")).toBeInTheDocument();

    await userEvent.click(within(tracks).getByRole("button", { name: "Buy Salt Lines for $0.99" }));
    const dialog = await screen.findByRole("dialog", { name: "Salt Lines" });
    const form = within(dialog).getByRole("form", { name: "Buy Salt Lines" });
    expect(within(form).queryByLabelText("Name your price (USD)")).toBeNull();
    expect(within(form).getByText("$0.99")).toBeInTheDocument();
    await userEvent.type(within(form).getByLabelText("E-mail for the download link"), "fan@label.test");
    await userEvent.click(within(form).getByRole("button", { name: "Get the download" }));

    stripeFakes.confirmPayment.mockResolvedValueOnce({ paymentIntent: { id: "pi_7", status: "succeeded" } });
    await userEvent.click(await within(dialog).findByRole("button", { name: "Pay $0.99" }));
    expect(
      await within(dialog).findByText("Thank you. Your download link is on its way to fan@label.test."),
    ).toBeInTheDocument();
    const purchase = calls.find((c) => c.method === "POST" && c.url.endsWith("/purchase"));
    expect(purchase?.body).toEqual({ email: "fan@label.test", trackId: RELEASE.tracks[1].id });
  });

  it("has no per-track Buy action when the release is sold whole", async () => {
    open({ ...RELEASE, trackPrice: null });
    const tracks = await screen.findByRole("list", { name: "Tracks" });
    expect(within(tracks).getAllByRole("listitem")).toHaveLength(2);
    expect(within(tracks).queryByRole("button", { name: /^Buy / })).toBeNull();
    expect(screen.queryByText(/Single tracks/)).toBeNull();
    expect(screen.getByRole("form", { name: "Buy" })).toBeInTheDocument();
  });
});

describe("StoreReleasePage's cover", () => {
  const COVER = "/objects/uploads/0b9a7f0e-8a57-4c1e-9a3e-1f2d3c4b5a69";

  it("shows the release's cover, described by title and artist", async () => {
    open({ ...RELEASE, coverUrl: COVER });
    expect(await screen.findByRole("img", { name: "Cover of Glass Harbour by Mara Quill" })).toHaveAttribute(
      "src",
      COVER,
    );
  });

  it("draws the placeholder for a release without a cover", async () => {
    open(RELEASE);
    expect(await screen.findByRole("list", { name: "Tracks" })).toBeInTheDocument();
    expect(screen.queryByRole("img", { name: /^Cover of/ })).not.toBeInTheDocument();
  });
});

describe("StoreReleasePage's Add to cart", () => {
  // The cart outlives a page: each test starts with it empty and closed, and leaves it so.
  const emptyCart = () => {
    window.localStorage.clear();
    act(() => cart.reload());
  };
  beforeEach(emptyCart);
  afterEach(emptyCart);

  it("refuses a named price below the minimum in the server's words, then adds the amount typed", async () => {
    const calls = open(RELEASE);
    const form = await screen.findByRole("form", { name: "Buy" });
    const amount = within(form).getByLabelText("Name your price (USD)");
    await userEvent.clear(amount);
    await userEvent.type(amount, "3");
    await userEvent.click(within(form).getByRole("button", { name: "Add to cart" }));
    expect(within(form).getByRole("alert")).toHaveTextContent("The minimum for this release is $5.00");
    expect(amount).toHaveAttribute("aria-invalid", "true");
    expect(amount).toHaveAccessibleDescription(/The minimum for this release is \$5\.00/);
    expect(cart.downloads()).toEqual([]);

    await userEvent.clear(amount);
    await userEvent.type(amount, "9.5");
    expect(within(form).queryByRole("alert")).toBeNull();
    await userEvent.click(within(form).getByRole("button", { name: "Add to cart" }));
    expect(within(form).getByRole("button", { name: "Added" })).toBeInTheDocument();
    expect(cart.downloads()).toEqual([
      expect.objectContaining({ releaseId: ID, trackId: null, title: "Glass Harbour", price: "9.50", amount: "9.50" }),
    ]);
    expect(screen.getByRole("button", { name: "Cart 1 item" })).toBeInTheDocument();
    // Nothing is bought until the checkout.
    expect(calls.filter((c) => c.method === "POST")).toEqual([]);
  });

  it("adds a fixed-price release at its price, and a single track, then shows both in the cart", async () => {
    open({ ...RELEASE, payWhatYouWant: false, minimumPrice: null, suggestedPrice: null });
    const tracks = await screen.findByRole("list", { name: "Tracks" });
    await userEvent.click(within(tracks).getByRole("button", { name: "Add Salt Lines to cart" }));
    expect(within(tracks).getByRole("button", { name: "Salt Lines added to cart" })).toBeInTheDocument();
    await userEvent.click(
      within(screen.getByRole("form", { name: "Buy" })).getByRole("button", { name: "Add to cart" }),
    );
    expect(cart.downloads().map((l) => [l.title, l.price, l.amount])).toEqual([
      ["Salt Lines", "0.99", undefined],
      ["Glass Harbour", "7.00", undefined],
    ]);

    await userEvent.click(screen.getByRole("button", { name: "Cart 2 items" }));
    const drawer = await screen.findByRole("dialog", { name: "Your cart" });
    expect(within(drawer).getByText("Salt Lines — from Glass Harbour")).toBeInTheDocument();
    expect(within(drawer).getByText("$7.99")).toBeInTheDocument();
  });

  it("offers no track of a release sold whole to the cart", async () => {
    open({ ...RELEASE, trackPrice: null });
    const tracks = await screen.findByRole("list", { name: "Tracks" });
    expect(within(tracks).queryByRole("button", { name: /to cart$/ })).toBeNull();
  });
});
