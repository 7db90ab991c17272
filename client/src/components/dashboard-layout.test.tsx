import { act, fireEvent, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { DashboardLayout } from "@/components/dashboard-layout";
import { Dialog, DialogContent, DialogTitle, DialogTrigger } from "@/components/ui/dialog";
import { Textarea } from "@/components/ui/textarea";
import { memberUser, mockApi, renderPage } from "@/test/page-harness";

function clearSidebarCookie() {
  document.cookie = "sidebar_state=; max-age=0; path=/";
}

/** Makes the (max-width: 767px) media query match, as on a phone. */
function emulatePhone() {
  vi.stubGlobal("matchMedia", (query: string) => ({
    matches: query === "(max-width: 767px)",
    media: query,
    addEventListener: () => {},
    removeEventListener: () => {},
  }));
}

function renderLayout(path = "/tour-dates") {
  return renderPage(
    <DashboardLayout>
      <main>page body</main>
    </DashboardLayout>,
    path,
  );
}

const desktopSidebar = (container: HTMLElement) => container.querySelector('[data-slot="sidebar"]')!;

afterEach(() => {
  clearSidebarCookie();
  vi.unstubAllGlobals();
});

describe("DashboardLayout", () => {
  it("links the dashboard pages in order and marks the current one", async () => {
    mockApi({});
    renderLayout("/tour-dates");
    const nav = await screen.findByRole("navigation", { name: "Dashboard" });

    const studio = within(nav).getByRole("heading", { name: "Studio" }).parentElement!;
    const links = within(studio)
      .getAllByRole("link")
      .map((link) => [link.textContent, link.getAttribute("href")]);
    expect(links).toEqual([
      ["Overview", "/dashboard"],
      ["Submissions", "/dashboard/submissions"],
      ["Artists", "/dashboard/artists"],
      ["Bookings", "/dashboard/bookings"],
      ["Tour Dates", "/tour-dates"],
      ["Music Library", "/dashboard/library"],
      ["Settings", "/dashboard/settings"],
    ]);
    expect(within(nav).getByRole("link", { name: "Tour Dates" })).toHaveAttribute("aria-current", "page");
    expect(within(nav).getByRole("link", { name: "Overview" })).not.toHaveAttribute("aria-current");
    // Log Out posts a form (a link would let any site sign the member out).
    const logOut = screen.getByRole("button", { name: "Log Out" });
    expect(logOut).toHaveAttribute("type", "submit");
    expect(logOut.closest("form")).toHaveAttribute("method", "post");
    expect(logOut.closest("form")).toHaveAttribute("action", "/api/logout");
    expect(screen.queryByRole("link", { name: "Log Out" })).not.toBeInTheDocument();
  });

  it("names the brand's home links by the label name they show (WCAG 2.5.3, label in name)", async () => {
    mockApi({}, { ...memberUser, labelName: "Moonlit Tapes" });
    renderLayout("/tickets");

    const homeLinks = await screen.findAllByRole("link", { name: "Moonlit Tapes home" });
    expect(homeLinks).toHaveLength(2); // the sidebar's and the top bar's (shown below 768 px)
    for (const link of homeLinks) {
      expect(link).toHaveAttribute("href", "/");
      expect(link).not.toHaveAttribute("aria-label");
      expect(link).toHaveTextContent(/^Moonlit Tapes/);
    }
  });

  it("shows the Manage group to administrators only", async () => {
    mockApi({});
    const { unmount } = renderLayout();
    const manage = (await screen.findByRole("heading", { name: "Manage" })).parentElement!;
    expect(
      within(manage)
        .getAllByRole("link")
        .map((link) => link.getAttribute("href")),
    ).toEqual([
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
    unmount();

    mockApi({}, memberUser);
    renderLayout();
    await screen.findByRole("link", { name: "My Tickets" });
    expect(screen.queryByRole("heading", { name: "Manage" })).not.toBeInTheDocument();
  });

  it("shows the Royalty Admin group, catalogue and payees first, to administrators only", async () => {
    mockApi({});
    const { unmount } = renderLayout();
    const royalties = (await screen.findByRole("heading", { name: "Royalty Admin" })).parentElement!;
    const hrefs = within(royalties)
      .getAllByRole("link")
      .map((link) => link.getAttribute("href"));
    expect(hrefs.slice(0, 2)).toEqual(["/admin/catalogue", "/admin/payees"]);
    unmount();

    mockApi({}, memberUser);
    renderLayout();
    await screen.findByRole("link", { name: "My Tickets" });
    expect(screen.queryByRole("heading", { name: "Royalty Admin" })).not.toBeInTheDocument();
    // The member's own page keeps its name; no group is named like it.
    expect(screen.getByRole("link", { name: "Royalties" })).toHaveAttribute("href", "/royalties");
    // The music they bought or redeemed, apart from the store's "Music Library".
    expect(screen.getByRole("link", { name: "My Music" })).toHaveAttribute("href", "/library");
  });

  it("scrolls the sidebar to the page open now", async () => {
    const scrolled: Element[] = [];
    const original = Element.prototype.scrollIntoView;
    Element.prototype.scrollIntoView = function (this: Element) {
      scrolled.push(this);
    };
    try {
      mockApi({});
      renderLayout("/admin/royalty-periods");
      const periods = await screen.findByRole("link", { name: "Periods" });
      await waitFor(() => expect(scrolled).toContain(periods));
    } finally {
      Element.prototype.scrollIntoView = original;
    }
  });

  it("collapses with its toggle and remembers that in the sidebar_state cookie for 7 days", async () => {
    const user = userEvent.setup();
    const cookieWrites: string[] = [];
    const descriptor = Object.getOwnPropertyDescriptor(Document.prototype, "cookie")!;
    vi.spyOn(document, "cookie", "set").mockImplementation((value) => {
      cookieWrites.push(value);
      descriptor.set!.call(document, value);
    });
    mockApi({});
    const { container } = renderLayout();
    expect(desktopSidebar(container)).toHaveAttribute("data-state", "expanded");

    await user.click(screen.getByRole("button", { name: "Toggle sidebar" }));

    expect(desktopSidebar(container)).toHaveAttribute("data-state", "collapsed");
    expect(screen.getByRole("button", { name: "Toggle sidebar" })).toHaveAttribute("aria-expanded", "false");
    expect(cookieWrites).toEqual(["sidebar_state=false; path=/; max-age=604800; SameSite=Lax"]);
    expect(document.cookie).toContain("sidebar_state=false");
  });

  it("starts collapsed when the cookie says so", () => {
    document.cookie = "sidebar_state=false; path=/";
    mockApi({});
    const { container } = renderLayout();

    expect(desktopSidebar(container)).toHaveAttribute("data-state", "collapsed");
  });

  it("names a collapsed entry in a tooltip on keyboard focus (its code loads on first collapse)", async () => {
    document.cookie = "sidebar_state=false; path=/";
    mockApi({});
    renderLayout();
    // The tooltips load lazily (meanwhile the entries work without them); a trigger carries data-state.
    const bookings = () =>
      within(screen.getByRole("navigation", { name: "Dashboard" })).getByRole("link", { name: "Bookings" });
    await waitFor(() => expect(bookings()).toHaveAttribute("data-state", "closed"));
    act(() => bookings().focus());
    expect(await screen.findByRole("tooltip", { name: "Bookings" })).toBeInTheDocument();
  });

  it("toggles with Ctrl+B and Cmd+B, but not with B alone", () => {
    mockApi({});
    const { container } = renderLayout();

    act(() => void fireEvent.keyDown(window, { key: "b" }));
    expect(desktopSidebar(container)).toHaveAttribute("data-state", "expanded");

    act(() => void fireEvent.keyDown(window, { key: "b", ctrlKey: true }));
    expect(desktopSidebar(container)).toHaveAttribute("data-state", "collapsed");
    expect(document.cookie).toContain("sidebar_state=false");

    act(() => void fireEvent.keyDown(window, { key: "b", metaKey: true }));
    expect(desktopSidebar(container)).toHaveAttribute("data-state", "expanded");
    expect(document.cookie).toContain("sidebar_state=true");
  });

  it("ignores Ctrl+B while typing in a field or while a dialog is open", async () => {
    const user = userEvent.setup();
    mockApi({});
    const { container } = renderPage(
      <DashboardLayout>
        <main>
          <Textarea aria-label="Notes" />
          <Dialog>
            <DialogTrigger>Open dialog</DialogTrigger>
            <DialogContent aria-describedby={undefined}>
              <DialogTitle>Create New Invoice</DialogTitle>
              <button type="button">Inside</button>
            </DialogContent>
          </Dialog>
        </main>
      </DashboardLayout>,
      "/invoices",
    );

    await user.click(screen.getByLabelText("Notes"));
    await user.keyboard("{Control>}b{/Control}");
    expect(desktopSidebar(container)).toHaveAttribute("data-state", "expanded");

    await user.click(screen.getByRole("button", { name: "Open dialog" }));
    await user.click(within(await screen.findByRole("dialog")).getByRole("button", { name: "Inside" }));
    await user.keyboard("{Control>}b{/Control}");
    expect(desktopSidebar(container)).toHaveAttribute("data-state", "expanded");

    await user.keyboard("{Escape}");
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    await user.keyboard("{Control>}b{/Control}");
    expect(desktopSidebar(container)).toHaveAttribute("data-state", "collapsed");
  });

  it("becomes a slide-in panel below 768 px that closes after following a link", async () => {
    emulatePhone();
    const user = userEvent.setup();
    mockApi({});
    const { container } = renderLayout("/dashboard");
    expect(desktopSidebar(container)).toBeNull();
    expect(screen.queryByRole("link", { name: "Overview" })).not.toBeInTheDocument();

    await user.click(screen.getByRole("button", { name: "Toggle sidebar" }));
    const panel = await screen.findByRole("dialog", { name: "Navigation" });
    expect(panel).toHaveAttribute("data-mobile", "true");
    expect(panel.style.getPropertyValue("--sidebar-width")).toBe("18rem");

    await user.click(within(panel).getByRole("link", { name: "Tour Dates" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
  });
});
