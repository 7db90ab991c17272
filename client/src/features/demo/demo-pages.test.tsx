import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { toast } from "@/hooks/use-toast";
import { memberUser, mockApi, renderPage, type ApiCall } from "@/test/page-harness";
import { AdvertisingPage } from "@/pages/advertising-page";
import { BookingsPage } from "@/pages/bookings-page";
import { SessionPage } from "@/pages/session-page";
import { StorePage } from "@/pages/store-page";
import { StudioDashboardPage } from "@/pages/studio-dashboard-page";

vi.mock("@/hooks/use-toast", async (importOriginal) => ({
  ...(await importOriginal<typeof import("@/hooks/use-toast")>()),
  toast: vi.fn(),
}));

let calls: ApiCall[];
beforeEach(() => {
  calls = mockApi({}, memberUser);
  vi.spyOn(console, "log").mockImplementation(() => {});
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  vi.mocked(toast).mockClear();
});

/** Renders a page and waits for the signed-in frame (the page remounts once the user loads). */
async function show(ui: React.ReactElement, path: string) {
  renderPage(ui, path);
  await screen.findByRole("navigation", { name: "Dashboard" });
}

/** Demonstration pages never call the API beyond the signed-in user. */
const apiCallsBeyondUser = () => calls.filter((c) => c.url !== "/api/auth/user");
const trackTitles = () =>
  within(screen.getByRole("list", { name: "Tracks" }))
    .getAllByRole("heading")
    .map((h) => h.textContent);

describe("Music Store", () => {
  // While the label has published nothing, the store shows the specification's six samples.
  beforeEach(() => {
    calls = mockApi({ "GET /api/store/releases": () => [] }, memberUser);
  });
  const showStore = async () => {
    await show(<StorePage />, "/store");
    await screen.findByRole("list", { name: "Tracks" });
  };

  it("filters the six sample tracks by title or artist as you type", async () => {
    const user = userEvent.setup();
    await showStore();
    expect(trackTitles()).toHaveLength(6);
    expect(screen.getByRole("button", { name: "Cart 3 items" })).toHaveTextContent("3");

    const search = screen.getByRole("searchbox", { name: "Search tracks" });
    await user.type(search, "nova");
    expect(trackTitles()).toEqual(["Midnight Frequencies", "Neon Nights"]);
    await user.clear(search);
    await user.type(search, "GOLDEN");
    expect(trackTitles()).toEqual(["Golden Hour"]);
    await user.clear(search);
    await user.type(search, "polka");
    expect(screen.getByText('No tracks match "polka".')).toBeInTheDocument();
    await user.clear(search);
    expect(trackTitles()).toHaveLength(6);
  });

  it("plays and pauses locally, logs play and add, and sends nothing", async () => {
    const user = userEvent.setup();
    await showStore();
    const player = screen.getByRole("region", { name: "Player" });
    await user.click(screen.getByRole("button", { name: "Play Golden Hour" }));
    expect(within(player).getByText("Golden Hour")).toBeInTheDocument();
    expect(within(player).getByRole("button", { name: "Pause" })).toBeInTheDocument();
    await user.click(within(player).getByRole("button", { name: "Next track" }));
    expect(within(player).getByText("Neon Nights")).toBeInTheDocument();
    await user.click(within(player).getByRole("button", { name: "Pause" }));
    expect(within(player).getByRole("button", { name: "Play" })).toBeInTheDocument();
    expect(within(player).getByRole("slider", { name: "Volume" })).toHaveValue("75");
    expect(within(player).getByRole("slider", { name: "Progress" })).toBeInTheDocument();

    await user.click(screen.getByRole("button", { name: "Add Golden Hour to cart" }));
    expect(console.log).toHaveBeenCalledWith("play track", "t3");
    expect(console.log).toHaveBeenCalledWith("add to cart", "t3");
    // Only the question whether anything is published: the samples send nothing.
    expect(apiCallsBeyondUser().map((c) => c.url)).toEqual(
      expect.arrayContaining([expect.stringMatching(/^\/api\/store\/releases/)]),
    );
    expect(apiCallsBeyondUser().every((c) => c.method === "GET" && c.url.startsWith("/api/store/releases"))).toBe(true);
  });
});

describe("demonstration pages", () => {
  it("Session Musicians: search, the four rates, and printing one contract", async () => {
    const user = userEvent.setup();
    const print = vi.spyOn(window, "print").mockImplementation(() => {});
    await show(<SessionPage />, "/session");
    for (const rate of ["$150", "$200", "$300", "$175"]) expect(screen.getByText(rate)).toBeInTheDocument();
    await user.type(screen.getByRole("searchbox", { name: "Search musicians" }), "drum");
    expect(screen.getAllByRole("button", { name: /^Hire Now: / })).toHaveLength(1);
    expect(screen.getByRole("button", { name: "Hire Now: Diego Ramirez" })).toBeInTheDocument();
    expect(screen.getByRole("heading", { name: "Diego Ramirez" })).toBeInTheDocument();

    await user.click(screen.getByRole("tab", { name: "Contracts" }));
    await user.click(screen.getByRole("button", { name: "Print Event Booking Agreement" }));
    expect(print).toHaveBeenCalledTimes(1);
    const printed = document.body.querySelector(".contract-print");
    expect(printed).toHaveTextContent("Event Booking Agreement");
    expect(printed).not.toHaveTextContent("Session Musician Agreement");
    await user.click(screen.getByRole("button", { name: "Download Artist Development Agreement" }));
    expect(console.log).toHaveBeenCalledWith("download contract template", "development");
  });

  it("Event & Artist Bookings: the form fields, calendar, and the static summary", async () => {
    const user = userEvent.setup();
    await show(<BookingsPage />, "/bookings");
    expect(screen.getByRole("link", { name: "Back" })).toHaveAttribute("href", "/");
    for (const name of ["Booking Details", "Select Date & Time", "Payment Summary"]) {
      expect(screen.getByRole("heading", { name })).toBeInTheDocument();
    }
    for (const label of ["Event Type", "Artist / Act", "Venue / Location", "Special Requirements"]) {
      expect(screen.getByLabelText(label)).toBeInTheDocument();
    }
    expect(screen.getByLabelText("Expected Guests")).toHaveAttribute("type", "number");
    expect(screen.getByLabelText("Duration (hours)")).toHaveAttribute("type", "number");
    // Examples, not values: a bare "250" in an empty field reads as already filled in.
    for (const label of ["Expected Guests", "Duration (hours)", "Venue / Location", "Special Requirements"]) {
      expect(screen.getByLabelText(label).getAttribute("placeholder")).toMatch(/^e\.g\. /);
    }
    await user.click(screen.getByRole("combobox", { name: "Artist / Act" }));
    expect((await screen.findAllByRole("option")).map((o) => o.textContent)).toEqual([
      "Luna Eclipse",
      "The Vortex",
      "Coastal Drift",
      "City Lights Collective",
    ]);
    await user.keyboard("{Escape}");
    const summary = screen.getByRole("heading", { name: "Payment Summary" }).closest("[data-slot=card]") as HTMLElement;
    expect(summary).toHaveTextContent("Artist Fee$2,500");
    expect(summary).toHaveTextContent("Service Fee$250");
    expect(summary).toHaveTextContent("Total$2,750");
    await user.click(screen.getByRole("button", { name: "Proceed to Payment" }));
    expect(vi.mocked(toast).mock.calls[0][0].title).toBe("Preview only");
    expect(apiCallsBeyondUser()).toEqual([]);
  });

  it("Advertising: the video picker, the fields and the three packages", async () => {
    const user = userEvent.setup();
    await show(<AdvertisingPage />, "/advertising");
    const picker = screen.getByLabelText("Advertisement Video");
    expect(picker).toHaveAttribute("accept", "video/*");
    expect(picker).toHaveAccessibleDescription("MP4, MOV, AVI (max 500MB)");
    expect(screen.getByLabelText("Campaign Duration (days)")).toHaveAttribute("type", "number");
    for (const [name, price, days] of [
      ["Basic", "$299", "7"],
      ["Professional", "$599", "14"],
      ["Premium", "$999", "30"],
    ]) {
      const card = screen.getByRole("heading", { name }).closest("li") as HTMLElement;
      expect(card).toHaveTextContent(price);
      expect(card).toHaveTextContent(`${days} days`);
    }
    expect(screen.getByText("Artist collaboration promo")).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Select Professional package" }));
    expect(screen.getByRole("button", { name: "Professional package selected" })).toHaveAttribute(
      "aria-pressed",
      "true",
    );
    await user.click(screen.getByRole("button", { name: "Submit Advertisement" }));
    expect(vi.mocked(toast).mock.calls[0][0].title).toBe("Preview only");
    expect(apiCallsBeyondUser()).toEqual([]);
  });

  it("Studio dashboard: header, Master Access, the four sample stats and both lists", async () => {
    await show(<StudioDashboardPage />, "/dashboard");
    expect(screen.getByRole("heading", { level: 1, name: "Studio Department" })).toBeInTheDocument();
    expect(screen.getByText("Welcome back, Admin")).toBeInTheDocument();
    expect(screen.getByText("Master Access")).toBeInTheDocument();
    // Every member sees the sample greeting, so the page says it is not about them.
    expect(screen.getByRole("note")).toHaveTextContent(
      /the greeting, the badge, the figures and the lists are placeholder content, not\s+your account/,
    );
    for (const [label, value, trend] of [
      ["Total Submissions", "247", "+12%"],
      ["Active Artists", "38", "+8%"],
      ["Upcoming Bookings", "15", "-3%"],
      ["Revenue", "$24.5K", "+18%"],
    ]) {
      const card = screen.getByRole("heading", { name: label }).closest("[data-slot=card]") as HTMLElement;
      expect(card).toHaveTextContent(value);
      expect(card).toHaveTextContent(trend);
    }
    const recent = screen
      .getByRole("heading", { name: "Recent Submissions" })
      .closest("[data-slot=card]") as HTMLElement;
    const upcoming = screen
      .getByRole("heading", { name: "Upcoming Sessions" })
      .closest("[data-slot=card]") as HTMLElement;
    expect(within(recent).getAllByText("Pending").length).toBeGreaterThan(0);
    expect(within(upcoming).getAllByText("Confirmed").length).toBeGreaterThan(0);
  });
});
