import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { makeFeaturedArtist } from "@/test/fixtures";
import { ArtistGallery } from "./artist-gallery";

const artist = (overrides: Parameters<typeof makeFeaturedArtist>[0] = {}) =>
  makeFeaturedArtist({
    artistName: "Marisol Vega",
    bio: "Pianist and bandleader.",
    imageUrl: "/demo/artists/marisol-vega.svg",
    month: "October 2026",
    isActive: 0,
    ...overrides,
  });

describe("ArtistGallery", () => {
  it("shows three skeleton cards while loading", () => {
    const { container } = render(<ArtistGallery artists={undefined} status="pending" onRetry={() => {}} />);
    expect(screen.getByRole("status")).toHaveTextContent("Loading artists");
    expect(container.querySelectorAll("li")).toHaveLength(3);
    expect(container.querySelectorAll('[data-slot="skeleton"]').length).toBeGreaterThanOrEqual(3);
  });

  it("shows the empty state texts when there are no artists", () => {
    render(<ArtistGallery artists={[]} status="success" onRetry={() => {}} />);
    expect(screen.getByRole("heading", { name: "No Artists Yet" })).toBeInTheDocument();
    expect(screen.getByText("Check back soon to see our featured artists")).toBeInTheDocument();
  });

  it("says the artists could not load, as every page does, and offers a retry", async () => {
    const onRetry = vi.fn();
    render(<ArtistGallery artists={undefined} status="error" onRetry={onRetry} />);
    expect(screen.getByRole("alert")).toHaveTextContent("Could not load artists.");
    await userEvent.click(screen.getByRole("button", { name: "Try again" }));
    expect(onRetry).toHaveBeenCalledOnce();
  });

  it("shows a card per artist with image, name, month and a 4-line bio", () => {
    render(
      <ArtistGallery
        artists={[artist(), artist({ id: "a2", artistName: "Nova Reign", month: "November 2026" })]}
        status="success"
        onRetry={() => {}}
      />,
    );
    const cards = screen.getAllByRole("listitem");
    expect(cards).toHaveLength(2);
    expect(within(cards[0]).getByRole("img", { name: "Marisol Vega" })).toHaveAttribute(
      "src",
      "/demo/artists/marisol-vega.svg",
    );
    expect(within(cards[0]).getByRole("heading", { level: 3, name: "Marisol Vega" })).toBeInTheDocument();
    expect(within(cards[0]).getByText("Featured: October 2026")).toBeInTheDocument();
    expect(within(cards[0]).getByText("Pianist and bandleader.")).toHaveClass("line-clamp-4");
    expect(within(cards[1]).getByText("Featured: November 2026")).toBeInTheDocument();
  });

  it("shows Watch Video and Listen Now only when present, opening in a new tab", () => {
    const artists = [
      artist({ id: "plain" }),
      artist({
        id: "media",
        artistName: "The Velvet Static",
        videoUrl: "https://videos.test/v",
        songUrl: "https://songs.test/s",
      }),
    ];
    render(<ArtistGallery artists={artists} status="success" onRetry={() => {}} />);
    const [plain, media] = screen.getAllByRole("listitem");
    expect(within(plain).queryByRole("link")).not.toBeInTheDocument();
    const video = within(media).getByRole("link", { name: /Watch Video/ });
    const song = within(media).getByRole("link", { name: /Listen Now/ });
    expect(video).toHaveAttribute("href", "https://videos.test/v");
    expect(song).toHaveAttribute("href", "https://songs.test/s");
    for (const link of [video, song]) {
      expect(link).toHaveAttribute("target", "_blank");
      expect(link).toHaveAttribute("rel", "noopener noreferrer");
    }
  });
});
