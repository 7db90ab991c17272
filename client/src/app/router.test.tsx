import { render, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { Router } from "wouter";
import { memoryLocation } from "wouter/memory-location";
import { Providers } from "@/app/providers";
import { AppRouter } from "@/app/router";
import type { CurrentUser } from "@shared/users";
import { createQueryClient } from "@/lib/query-client";
import { makeShowDetail } from "@/test/fixtures";
import { json, mockApi } from "@/test/page-harness";

const admin: CurrentUser = {
  id: "u1",
  email: "ada@example.com",
  firstName: "Ada",
  lastName: "Lovelace",
  profileImageUrl: null,
  role: "admin",
  labelName: null,
  labelLogoUrl: null,
  labelContactPhone: null,
  labelPostalAddress: null,
  labelReturnAddress: null,
  labelContactEmail: null,
};

/** Answers GET /api/auth/user with the given user, or 401 when signed out. */
function mockAuth(user: CurrentUser | null) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL) => {
    if (String(input) !== "/api/auth/user") return new Response("Not found", { status: 404 });
    return user
      ? new Response(JSON.stringify(user), { status: 200 })
      : new Response(JSON.stringify({ message: "Unauthorized" }), { status: 401 });
  });
  vi.stubGlobal("fetch", fetchMock);
  return fetchMock;
}

function renderAt(path: string) {
  const { hook } = memoryLocation({ path });
  return render(
    <Providers queryClient={createQueryClient()}>
      <Router hook={hook}>
        <AppRouter />
      </Router>
    </Providers>,
  );
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("AppRouter", () => {
  it("shows the landing page at / when signed out", async () => {
    const fetchMock = mockAuth(null);
    renderAt("/");

    expect(await screen.findByRole("link", { name: "Log In" })).toHaveAttribute("href", "/api/login");
    expect(screen.getByRole("link", { name: "Get Started" })).toHaveAttribute("href", "/api/login");
    expect(screen.getByRole("button", { name: "Learn More" })).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Toggle theme" })).toBeInTheDocument();
    expect(fetchMock).toHaveBeenCalledWith("/api/auth/user", expect.objectContaining({ credentials: "include" }));
  });

  it("shows the exact 404 texts for an unknown path", async () => {
    mockAuth(null);
    renderAt("/no-such-page");

    expect(await screen.findByRole("heading", { level: 1, name: "404 Page Not Found" })).toBeInTheDocument();
    expect(screen.getByText("Did you forget to add the page to the router?")).toBeInTheDocument();
  });

  it("asks a signed-out visitor at a members' page to sign in, and to come back there", async () => {
    mockAuth(null);
    renderAt("/tickets");

    expect(await screen.findByRole("heading", { level: 1, name: "Sign in to continue" })).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Log In" })).toHaveAttribute("href", "/api/login?returnTo=%2Ftickets");
    expect(screen.getByRole("link", { name: "Go to the home page" })).toHaveAttribute("href", "/");
    expect(screen.queryByText("404 Page Not Found")).not.toBeInTheDocument();
  });

  it("opens a member's invoice at its own address, and asks a signed-out visitor there to sign in first", async () => {
    const id = "0b6f3c2e-8f1d-4a49-9f0e-3a7c1d2b4e5f";
    mockAuth(null);
    const { unmount } = renderAt(`/invoices/${id}`);
    expect(await screen.findByRole("heading", { level: 1, name: "Sign in to continue" })).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Log In" })).toHaveAttribute(
      "href",
      `/api/login?returnTo=${encodeURIComponent(`/invoices/${id}`)}`,
    );
    unmount();
    vi.unstubAllGlobals();

    mockApi(
      {
        "GET /api/invoices/my": () => [],
        [`GET /api/invoices/${id}`]: () => json({ message: "Invoice not found" }, 404),
      },
      admin,
    );
    renderAt(`/invoices/${id}`);
    expect(await screen.findByRole("dialog", { name: "Invoice" })).toBeInTheDocument();
  });

  it("asks the same on an alias or an administrators' page, whatever the case or trailing slash", async () => {
    mockAuth(null);
    renderAt("/Admin/Events/");

    expect(await screen.findByRole("heading", { level: 1, name: "Sign in to continue" })).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Log In" })).toHaveAttribute(
      "href",
      "/api/login?returnTo=%2FAdmin%2FEvents%2F",
    );
  });

  it("keeps the 404 page for unknown paths when signed in", async () => {
    mockAuth(admin);
    renderAt("/no-such-page");

    expect(await screen.findByRole("heading", { level: 1, name: "404 Page Not Found" })).toBeInTheDocument();
    expect(screen.queryByText("Sign in to continue")).not.toBeInTheDocument();
  });

  it("keeps public pages reachable when signed out", async () => {
    mockAuth(null);
    renderAt("/vendor-booking");

    expect(await screen.findByRole("heading", { level: 1, name: "Food Vendor Event Slots" })).toBeInTheDocument();
  });

  it("opens a show's page signed out and signed in", async () => {
    const id = "0b7f3c1e-4a5d-4c2b-9e8f-1a2b3c4d5e6f";
    for (const user of [null, admin]) {
      const show = { ...makeShowDetail({ id }), artistName: user ? "Signed In Show" : "Signed Out Show" };
      mockApi({ [`GET /api/shows/${id}`]: () => show }, user);
      const { unmount } = renderAt(`/shows/${id}`);
      expect(await screen.findByRole("heading", { level: 1, name: show.artistName })).toBeInTheDocument();
      unmount();
    }
  });

  it("shows the home page at / when signed in", async () => {
    mockAuth(admin);
    renderAt("/");

    expect(await screen.findByRole("heading", { level: 1, name: "Welcome, Ada" })).toBeInTheDocument();
    expect(screen.getByText("Signed in as admin")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Log Out" }).closest("form")).toHaveAttribute("action", "/api/logout");
    expect(screen.getByRole("link", { name: "Settings" })).toHaveAttribute("href", "/settings");
    expect(screen.getByText("Label Records")).toBeInTheDocument();
  });

  it("shows the user's own label branding when set", async () => {
    mockAuth({ ...admin, labelName: "Moonlit Tapes", labelLogoUrl: "/objects/uploads/logo" });
    const { container } = renderAt("/");

    expect(await screen.findByText("Moonlit Tapes")).toBeInTheDocument();
    expect(container.querySelector('img[src="/objects/uploads/logo"]')).not.toBeNull();
  });

  it("waits for the current user instead of flashing a 404 on a deep link", async () => {
    let answer: (res: Response) => void = () => {};
    vi.stubGlobal(
      "fetch",
      vi.fn(() => new Promise<Response>((resolve) => (answer = resolve))),
    );
    renderAt("/tickets");

    expect(await screen.findByRole("status")).toHaveTextContent("Loading");
    expect(screen.queryByText("404 Page Not Found")).not.toBeInTheDocument();

    answer(new Response(JSON.stringify(admin), { status: 200 }));
    expect(await screen.findByRole("heading", { level: 1, name: "Event Tickets" })).toBeInTheDocument();
  });

  it("routes dashboard aliases to their pages when signed in", async () => {
    mockAuth(admin);
    renderAt("/dashboard/library");

    expect(await screen.findByRole("heading", { level: 1, name: "Music Store" })).toBeInTheDocument();
  });

  it("joins a signed-in member's cart to their saved one, and never asks for a visitor's", async () => {
    const member = { ...admin, id: "u2", role: "user" } as CurrentUser;
    const calls = mockApi(
      {
        "GET /api/merchandise-cart": () => ({ items: [] }),
        "GET /api/merchandise": () => [],
      },
      member,
    );
    const { unmount } = renderAt("/dashboard/library");
    await screen.findByRole("heading", { level: 1, name: "Music Store" });
    await waitFor(() => expect(calls.some((c) => c.url === "/api/merchandise-cart")).toBe(true));
    unmount();

    const visitorCalls = mockApi({}, null);
    renderAt("/vendor-booking");
    await screen.findByRole("heading", { level: 1, name: "Food Vendor Event Slots" });
    expect(visitorCalls.some((c) => c.url === "/api/merchandise-cart")).toBe(false);
  });
});
