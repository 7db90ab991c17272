import { render, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { Providers } from "@/app/providers";
import { makeFeaturedArtist, makeShow } from "@/test/fixtures";
import { createQueryClient } from "@/lib/query-client";
import { memberUser, mockApi, renderPage } from "@/test/page-harness";
import { ArtistsPage } from "./artists-page";

afterEach(() => {
  vi.unstubAllGlobals();
});

const ARTISTS = [makeFeaturedArtist()];

describe("ArtistsPage", () => {
  it("shows skeletons while loading, then the artists, under the gallery's titles", async () => {
    let answer: (res: Response) => void = () => {};
    const fetchMock = vi.fn((url: string) =>
      url === "/api/auth/user"
        ? Promise.resolve(new Response(JSON.stringify({ message: "Unauthorized" }), { status: 401 }))
        : url === "/api/shows/past"
          ? Promise.resolve(new Response("[]", { status: 200 }))
          : new Promise<Response>((resolve) => (answer = resolve)),
    );
    vi.stubGlobal("fetch", fetchMock);
    render(
      <Providers queryClient={createQueryClient()}>
        <ArtistsPage />
      </Providers>,
    );

    expect(screen.getByRole("link", { name: "Back to Home" })).toHaveAttribute("href", "/");
    expect(screen.getByRole("heading", { level: 1, name: "Artist Gallery" })).toBeInTheDocument();
    expect(screen.getByRole("heading", { level: 2, name: "Featured Artists" })).toBeInTheDocument();
    expect(screen.getByText("Discover the talented artists in our roster")).toBeInTheDocument();
    expect(screen.getByRole("status")).toHaveTextContent("Loading artists");
    expect(fetchMock).toHaveBeenCalledWith(
      "/api/featured-artists",
      expect.objectContaining({ credentials: "include" }),
    );
    expect(document.title).toBe("Artist Gallery — Label Records");
    expect(document.head.querySelector('meta[property="og:title"]')).toHaveAttribute(
      "content",
      "Artist Gallery — Label Records",
    );

    answer(new Response(JSON.stringify(ARTISTS), { status: 200 }));
    const card = await screen.findByRole("listitem");
    expect(within(card).getByText("Featured: November 2026")).toBeInTheDocument();
    expect(screen.queryByRole("status")).not.toBeInTheDocument();
  });

  it("opens inside the dashboard layout for a signed-in member, with the back link above the title", async () => {
    mockApi({ "GET /api/featured-artists": () => ARTISTS }, memberUser);
    renderPage(<ArtistsPage />, "/dashboard/artists");

    const nav = await screen.findByRole("navigation", { name: "Dashboard" });
    expect(within(nav).getByRole("link", { name: "Artists" })).toHaveAttribute("aria-current", "page");
    const title = screen.getByRole("heading", { level: 1, name: "Artist Gallery" });
    const back = screen.getByRole("link", { name: "Back to Home" });
    expect(back).toHaveAttribute("href", "/");
    expect(back.compareDocumentPosition(title) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(await screen.findByText("Featured: November 2026")).toBeInTheDocument();
  });

  it("lists the past shows, latest first, each linking to its page", async () => {
    const past = [
      makeShow({
        id: "11111111-1111-4111-8111-111111111111",
        date: "2026-03-01",
        startsAt: "2026-03-01T20:00:00-05:00",
        past: true,
      }),
      makeShow({
        id: "22222222-2222-4222-8222-222222222222",
        artistName: "The Velvet Static",
        location: "Warehouse 9, Brooklyn, NY",
        date: "2026-01-10",
        startsAt: "2026-01-10T21:00:00-05:00",
        time: "21:00",
        past: true,
      }),
    ];
    mockApi({ "GET /api/featured-artists": () => ARTISTS, "GET /api/shows/past": () => past }, null);
    renderPage(<ArtistsPage />, "/artists");

    const section = (await screen.findByRole("heading", { level: 2, name: "Past shows" })).closest("section")!;
    const links = within(section).getAllByRole("link");
    expect(links.map((link) => link.getAttribute("href"))).toEqual([
      "/shows/11111111-1111-4111-8111-111111111111",
      "/shows/22222222-2222-4222-8222-222222222222",
    ]);
    expect(links[0]).toHaveTextContent("Nova Reign · Pier 9, New York, NY");
    expect(links[0]).toHaveTextContent("Sun, Mar 1, 2026 · 8:00 PM EST");
    expect(links[1]).toHaveTextContent("The Velvet Static · Warehouse 9, Brooklyn, NY");
  });

  it("leaves the archive out when no show has happened yet", async () => {
    const calls = mockApi({ "GET /api/featured-artists": () => ARTISTS, "GET /api/shows/past": () => [] }, null);
    renderPage(<ArtistsPage />, "/artists");

    expect(await screen.findByText("Featured: November 2026")).toBeInTheDocument();
    await waitFor(() => expect(calls.some((call) => call.url === "/api/shows/past")).toBe(true));
    expect(screen.queryByRole("heading", { name: "Past shows" })).not.toBeInTheDocument();
  });
});
