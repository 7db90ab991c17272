import { render, screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { Providers } from "@/app/providers";
import { makeFeaturedArtist } from "@/test/fixtures";
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
});
