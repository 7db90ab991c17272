import { screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { adminUser, memberUser, mockApi, renderPage } from "@/test/page-harness";
import { HomePage } from "./home-page";

afterEach(() => {
  vi.unstubAllGlobals();
});

const hrefs = (region: HTMLElement) =>
  within(region)
    .getAllByRole("link")
    .map((link) => link.getAttribute("href"));

describe("HomePage", () => {
  it("shows the 11 department tiles, each linking to its department", async () => {
    mockApi({}, memberUser);
    renderPage(<HomePage />);

    const departments = (await screen.findByRole("heading", { name: "Departments" })).closest("section")!;
    const tiles = within(departments).getAllByRole("link");
    expect(tiles.map((tile) => [within(tile).getByRole("heading").textContent, tile.getAttribute("href")])).toEqual([
      ["Label Settings", "/settings"],
      ["Studio", "/studio"],
      ["A&R", "/ar"],
      ["Fashion", "/fashion"],
      ["Music Store", "/store"],
      ["Artist Development", "/development"],
      ["Session Musicians", "/session"],
      ["Advertising", "/advertising"],
      ["Music Submissions", "/submissions"],
      ["Bookings", "/bookings"],
      ["Merchandise", "/merchandise"],
    ]);
  });

  it("has Settings, Log Out, the theme toggle and quick links, but no Administration for members", async () => {
    mockApi({ "GET /api/config": () => ({ masterCodeEnabled: true }) }, memberUser);
    renderPage(<HomePage />);

    const account = screen.getByRole("navigation", { name: "Account" });
    expect(within(account).getByRole("link", { name: "Settings" })).toHaveAttribute("href", "/settings");
    const logOut = within(account).getByRole("button", { name: "Log Out" });
    expect(logOut).toHaveAttribute("type", "submit");
    expect(logOut.closest("form")).toHaveAttribute("method", "post");
    expect(logOut.closest("form")).toHaveAttribute("action", "/api/logout");
    expect(within(account).getByRole("button", { name: "Toggle theme" })).toBeInTheDocument();
    expect(hrefs((await screen.findByRole("heading", { name: "Quick links" })).closest("section")!)).toEqual([
      "/tickets",
      "/invoices",
      "/my-tickets",
    ]);
    expect(screen.queryByRole("heading", { name: "Administration" })).not.toBeInTheDocument();
    expect(await screen.findByRole("button", { name: "Enter master code" })).toBeInTheDocument();
    // No role word for members: "user" means nothing to them.
    expect(screen.queryByText(/Signed in as/)).not.toBeInTheDocument();
    expect(screen.queryByText(/\buser\b/i)).not.toBeInTheDocument();
  });

  it("gives administrators the Administration links and no master-code line", async () => {
    const calls = mockApi({}, adminUser);
    renderPage(<HomePage />);

    const admin = (await screen.findByRole("heading", { name: "Administration" })).closest("section")!;
    expect(screen.getByText("Signed in as admin")).toBeInTheDocument();
    expect(hrefs(admin)).toEqual([
      "/tour-dates",
      "/merchandise",
      "/admin/orders",
      "/admin/events",
      "/check-in",
      "/admin/featured-artists",
      "/admin/live-streams",
      "/admin/resources",
      "/admin/vendor-bookings",
      "/admin/outbox",
      "/admin/submissions",
      "/admin/shipping",
    ]);
    expect(screen.queryByText(/Need master access/)).not.toBeInTheDocument();
    expect(calls.some((call) => call.url === "/api/config")).toBe(false);
  });

  it("shows the label's own name and logo in the header when set", async () => {
    mockApi({}, { ...adminUser, labelName: "Moonlit Tapes", labelLogoUrl: "/objects/uploads/logo" });
    const { container } = renderPage(<HomePage />);

    expect(await screen.findByText("Moonlit Tapes")).toBeInTheDocument();
    expect(container.querySelector('header img[src="/objects/uploads/logo"]')).not.toBeNull();
    expect(screen.queryByText("Label Records")).not.toBeInTheDocument();
  });
});
