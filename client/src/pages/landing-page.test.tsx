import { act, render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { Providers } from "@/app/providers";
import { makeFeaturedArtist, makeLiveStream, makeMerchandiseItem, makeShow, NO_PLATFORMS } from "@/test/fixtures";
import { createQueryClient } from "@/lib/query-client";
import { cart, CART_STORAGE_KEY } from "@/features/shop/cart/cart-store";
import { LandingPage } from "./landing-page";

type Answers = Record<string, unknown | (() => unknown)>;

const SEEDED: Answers = {
  "/api/config": { liveStreamPollMs: 30000 },
  "/api/label/contact": { phone: "+1 (312) 555-0142", email: "bookings@nightshift.test" },
  "/api/live-streams/current": makeLiveStream({ viewerCount: 12, platforms: { ...NO_PLATFORMS, facebook: true } }),
  "/api/featured-artists/active": makeFeaturedArtist(),
  "/api/shows": [makeShow()],
  "/api/merchandise": [makeMerchandiseItem({ name: "Logo Hoodie", price: "59.99", imageUrl: null, stockQuantity: 3 })],
};

const EMPTY: Answers = {
  "/api/config": { liveStreamPollMs: 30000 },
  "/api/label/contact": { phone: "(555) 010-7625", email: "hello@labelrecords.example" },
  "/api/live-streams/current": null,
  "/api/featured-artists/active": null,
  "/api/shows": [],
  "/api/merchandise": [],
};

function mockApi(answers: Answers) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL) => {
    const url = String(input);
    if (!(url in answers)) return new Response(JSON.stringify({ message: "Not found" }), { status: 404 });
    const answer = answers[url];
    return new Response(JSON.stringify(typeof answer === "function" ? answer() : answer), { status: 200 });
  });
  vi.stubGlobal("fetch", fetchMock);
  return fetchMock;
}

const callsTo = (fetchMock: ReturnType<typeof mockApi>, url: string) =>
  fetchMock.mock.calls.filter(([input]) => String(input) === url).length;

function renderLanding() {
  return render(
    <Providers queryClient={createQueryClient()}>
      <LandingPage />
    </Providers>,
  );
}

afterEach(() => {
  // The cart lives beside the page (this browser's storage): a drawer left open would hide the next page.
  window.localStorage.clear();
  act(() => cart.reload());
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe("LandingPage", () => {
  it("shows every section in the product's order with data", async () => {
    mockApi(SEEDED);
    renderLanding();
    // Rendering the whole page in jsdom is slow; allow for a busy machine.
    const slow = { timeout: 5000 };
    await screen.findByRole("heading", { name: "Community Featured Artist of the Month" }, slow);
    await screen.findByRole("heading", { name: "Merchandise" }, slow);
    await screen.findByRole("heading", { name: "LIVE NOW" }, slow);

    const main = screen.getByRole("main");
    expect(
      within(main)
        .getAllByRole("heading", { level: 2 })
        .map((h) => h.textContent),
    ).toEqual([
      "LIVE NOW",
      "Everything an artist needs",
      "Genres we champion",
      "Community Featured Artist of the Month",
      "Artist Tour Dates",
      "Meet our leadership",
      "Ready to make your mark?",
      "Merchandise",
      "Food Vendors",
    ]);
    expect(screen.getByRole("heading", { level: 1 })).toHaveTextContent("Your sound");
    const genres = within(screen.getByRole("region", { name: "Genres we champion" })).getAllByRole("heading", {
      level: 3,
    });
    expect(genres.map((h) => h.textContent)).toEqual([
      "Hip Hop / Rap",
      "R&B / Soul",
      "Pop",
      "Jazz / Blues",
      "Gospel",
      "Country",
      "Punk Rock",
    ]);
    expect(
      within(screen.getByRole("region", { name: "Everything an artist needs" })).getAllByRole("heading", { level: 3 }),
    ).toHaveLength(3);
    // The tour dates are the upcoming shows (GET /api/shows), each linking to its page, at the
    // venue's clock with its zone.
    const tourDates = within(screen.getByRole("region", { name: "Artist Tour Dates" }));
    expect(tourDates.getByText("Mon, Jul 14, 2031")).toBeInTheDocument();
    expect(tourDates.getByText("8:00 PM EDT")).toBeInTheDocument();
    expect(tourDates.getByRole("link", { name: "Nova Reign" })).toHaveAttribute("href", `/shows/${makeShow().id}`);
    expect(screen.getByText("$59.99")).toBeInTheDocument();
  });

  it("buys an item without options through the cart: Buy adds its one variant and opens the cart, Add to cart beside it", async () => {
    window.localStorage.clear();
    cart.reload();
    const tee = makeMerchandiseItem({
      id: "m2",
      name: "Tour Tee",
      price: "25.00",
      options: [{ name: "Size", values: ["S", "M"] }],
    });
    mockApi({ ...SEEDED, "/api/merchandise": [...(SEEDED["/api/merchandise"] as object[]), tee] });
    const user = userEvent.setup();
    renderLanding();
    const slow = { timeout: 5000 };
    const hoodie = (await screen.findByRole("heading", { name: "Logo Hoodie" }, slow)).closest("li")!;
    // An item with options still leads to its page, where they are chosen.
    const teeCard = screen.getByRole("heading", { name: "Tour Tee" }).closest("li")!;
    expect(within(teeCard).getByRole("link", { name: "Buy Tour Tee: choose its options" })).toHaveAttribute(
      "href",
      "/merch/m2",
    );
    expect(within(teeCard).queryByRole("button", { name: "Add to cart" })).not.toBeInTheDocument();

    await user.click(await within(hoodie).findByRole("button", { name: "Add to cart" }, slow));
    expect(JSON.parse(window.localStorage.getItem(CART_STORAGE_KEY)!)).toEqual([
      expect.objectContaining({ variantId: "m1-default", merchandiseId: "m1", name: "Logo Hoodie", quantity: 1 }),
    ]);
    expect(screen.queryByRole("dialog", { name: "Your cart" })).not.toBeInTheDocument();
    expect(await screen.findByRole("button", { name: /Cart \(1\)/ })).toBeInTheDocument();

    await user.click(within(hoodie).getByRole("button", { name: "Buy Logo Hoodie" }));
    const drawer = await screen.findByRole("dialog", { name: "Your cart" });
    expect(within(drawer).getByText("Logo Hoodie")).toBeInTheDocument();
    expect(within(drawer).getByRole("spinbutton", { name: "Quantity of Logo Hoodie" })).toHaveValue(2);
  });

  it("has the header, calls to action and footer a visitor needs", async () => {
    mockApi(EMPTY);
    renderLanding();
    const header = screen.getByRole("banner");
    expect(within(header).getByRole("link", { name: "Log In" })).toHaveAttribute("href", "/api/login");
    expect(within(header).getByRole("button", { name: "Toggle theme" })).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Get Started" })).toHaveAttribute("href", "/api/login");
    expect(screen.getByRole("link", { name: "Join the Label" })).toHaveAttribute("href", "/api/login");
    expect(screen.getByRole("link", { name: "Book a Vendor Slot" })).toHaveAttribute("href", "/vendor-booking");
    const footer = screen.getByRole("contentinfo");
    expect(await within(footer).findByRole("link", { name: "(555) 010-7625" })).toHaveAttribute(
      "href",
      "tel:5550107625",
    );
    expect(within(footer).getByRole("link", { name: "hello@labelrecords.example" })).toHaveAttribute(
      "href",
      "mailto:hello@labelrecords.example",
    );
    expect(footer).toHaveTextContent("© 2024 Label Records");
    expect(document.title).toBe("Label Records — Full-Service Record Label");
  });

  it("gives the label's own contact details in the footer, as its administrators set them", async () => {
    mockApi(SEEDED);
    renderLanding();
    const footer = await screen.findByRole("contentinfo");
    expect(await within(footer).findByRole("link", { name: "+1 (312) 555-0142" })).toHaveAttribute(
      "href",
      "tel:+13125550142",
    );
    expect(within(footer).getByRole("link", { name: "bookings@nightshift.test" })).toHaveAttribute(
      "href",
      "mailto:bookings@nightshift.test",
    );
    expect(within(footer).queryByText("(555) 010-7625")).toBeNull();
  });

  it("leaves out live, featured artist and merchandise on an empty database and shows TBA dates", async () => {
    const fetchMock = mockApi(EMPTY);
    renderLanding();
    expect(
      (await screen.findAllByRole("heading", { level: 3, name: /^Artist:\s*TBA$/ }, { timeout: 5000 })).length,
    ).toBeGreaterThan(0);
    await waitFor(() => expect(callsTo(fetchMock, "/api/merchandise")).toBe(1));
    expect(screen.queryByRole("heading", { name: "LIVE NOW" })).not.toBeInTheDocument();
    expect(screen.queryByRole("heading", { name: "Community Featured Artist of the Month" })).not.toBeInTheDocument();
    expect(screen.queryByRole("heading", { name: "Merchandise" })).not.toBeInTheDocument();
  });

  it("shows LIVE NOW once the stream goes live, polling at the configured interval", async () => {
    let live = false;
    const fetchMock = mockApi({
      ...EMPTY,
      "/api/config": { liveStreamPollMs: 50 },
      "/api/live-streams/current": () => makeLiveStream({ status: live ? "live" : "scheduled" }),
    });
    renderLanding();
    await waitFor(() => expect(callsTo(fetchMock, "/api/live-streams/current")).toBeGreaterThan(0));
    expect(screen.queryByRole("heading", { name: "LIVE NOW" })).not.toBeInTheDocument();
    live = true;
    expect(await screen.findByRole("heading", { name: "LIVE NOW" }, { timeout: 5000 })).toBeInTheDocument();
    live = false;
    await waitFor(() => expect(screen.queryByRole("heading", { name: "LIVE NOW" })).not.toBeInTheDocument(), {
      timeout: 5000,
    });
  });

  it("polls every 30 seconds by default, not faster", async () => {
    const fetchMock = mockApi({ ...EMPTY, "/api/config": {} });
    renderLanding();
    await waitFor(() => expect(callsTo(fetchMock, "/api/live-streams/current")).toBe(1));
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(callsTo(fetchMock, "/api/live-streams/current")).toBe(1);
  });

  it("Learn More scrolls to the features block, without animation for reduced motion", async () => {
    mockApi(EMPTY);
    const scroll = vi.spyOn(Element.prototype, "scrollIntoView");
    vi.stubGlobal("matchMedia", (query: string) => ({
      matches: query.includes("reduce"),
      media: query,
      addEventListener() {},
      removeEventListener() {},
    }));
    renderLanding();
    await userEvent.click(screen.getByRole("button", { name: "Learn More" }));
    expect(scroll).toHaveBeenCalledWith({ behavior: "auto", block: "start" });
    expect(scroll.mock.contexts[0]).toHaveAttribute("id", "features");
    expect(document.activeElement).toHaveAttribute("id", "features");
  });
});

describe("LandingPage after a failed sign-in", () => {
  afterEach(() => window.history.replaceState(null, "", "/"));

  const cases = [
    ["not-verified", "Your e-mail address is not verified", /has not confirmed that this e-mail address is yours/],
    ["no-email", "No e-mail address was shared", /did not share an e-mail address/],
    ["unreachable", "The sign-in provider could not be reached", /Please try again in a few minutes/],
    ["cancelled", "Sign-in was cancelled", /You are not signed in/],
    ["failed", "Sign-in did not complete", /Please log in again/],
  ] as const;

  for (const [reason, title, text] of cases) {
    it(`says why for ?signin=${reason}`, async () => {
      mockApi(EMPTY);
      window.history.replaceState(null, "", `/?signin=${reason}`);
      renderLanding();

      const alert = await screen.findByRole("alert");
      expect(within(alert).getByText(title)).toBeInTheDocument();
      expect(alert).toHaveAccessibleName(title);
      expect(alert).toHaveTextContent(text);
      // The reason leaves the address bar, so a reload does not repeat it.
      expect(window.location.search).toBe("");
    });
  }

  it("offers to try again, and can be dismissed", async () => {
    mockApi(EMPTY);
    window.history.replaceState(null, "", "/?signin=not-verified&utm=x");
    renderLanding();

    const alert = await screen.findByRole("alert");
    expect(within(alert).getByRole("link", { name: "Try logging in again" })).toHaveAttribute("href", "/api/login");
    expect(window.location.search).toBe("?utm=x");
    await userEvent.click(within(alert).getByRole("button", { name: "Dismiss" }));
    expect(screen.queryByRole("alert")).not.toBeInTheDocument();
  });

  it("shows nothing for an unknown reason or none", async () => {
    mockApi(EMPTY);
    window.history.replaceState(null, "", "/?signin=<script>");
    renderLanding();

    expect(await screen.findByRole("heading", { level: 1 })).toBeInTheDocument();
    expect(screen.queryByRole("alert")).not.toBeInTheDocument();
  });
});
