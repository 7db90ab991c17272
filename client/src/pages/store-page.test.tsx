import { act, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import type { StoreRelease } from "@shared/store";
import { cart } from "@/features/shop/cart/cart-store";
import { downloadLineOf } from "@/features/shop/cart/download-lines";
import { mockApi, renderPage } from "@/test/page-harness";
import { StorePage } from "./store-page";

const RELEASE: StoreRelease = {
  id: "6c6c6c6c-0000-4000-8000-000000000001",
  title: "Glass Harbour",
  artist: "Mara Quill",
  genre: "Ambient",
  coverUrl: null,
  releaseDate: null,
  price: "7.00",
  payWhatYouWant: true,
  minimumPrice: "5.00",
  suggestedPrice: "8.00",
  trackPrice: null,
  formats: ["mp3-320", "flac"],
  tracks: [
    {
      id: "6c6c6c6c-0000-4000-8000-000000000002",
      title: "Low Tide",
      position: 0,
      durationSeconds: 184,
      previewUrl: "/api/store/tracks/6c6c6c6c-0000-4000-8000-000000000002/preview.mp3",
    },
  ],
};

describe("StorePage", () => {
  it("shows the six sample tracks, marked as samples, while nothing is published", async () => {
    mockApi({ "GET /api/store/releases": () => [] });
    renderPage(<StorePage />, "/store");
    const tracks = await screen.findByRole("list", { name: "Tracks" });
    expect(within(tracks).getAllByRole("listitem")).toHaveLength(6);
    expect(screen.getByText(/These are sample tracks/)).toBeInTheDocument();
    expect(screen.getByRole("button", { name: /^Cart 3/ })).toBeInTheDocument();
    expect(screen.getByRole("region", { name: "Player" })).toBeInTheDocument();
  });

  it("lists the published releases with their price rules and formats instead", async () => {
    mockApi({ "GET /api/store/releases": () => [RELEASE], "GET /api/store/releases?q=polka": () => [] });
    renderPage(<StorePage />, "/store");
    const releases = await screen.findByRole("list", { name: "Releases" });
    expect(within(releases).getByRole("link", { name: "Glass Harbour" })).toHaveAttribute(
      "href",
      `/store/${RELEASE.id}`,
    );
    expect(within(releases).getByText("$5.00 or more")).toBeInTheDocument();
    expect(within(releases).getByText("MP3 320, FLAC")).toBeInTheDocument();
    expect(screen.queryByText(/These are sample tracks/)).not.toBeInTheDocument();
    expect(screen.getByRole("searchbox", { name: "Search tracks" })).toBeInTheDocument();
    expect(screen.getByRole("region", { name: "Player" })).toBeInTheDocument();
    await userEvent.type(screen.getByRole("searchbox", { name: "Search tracks" }), "polka");
    expect(await screen.findByText('No releases match "polka".')).toBeInTheDocument();
  });

  it("shows each release's cover beside its title, without reading it twice, and the placeholder without one", async () => {
    const cover = "/objects/uploads/0b9a7f0e-8a57-4c1e-9a3e-1f2d3c4b5a69";
    const other = { ...RELEASE, id: "6c6c6c6c-0000-4000-8000-000000000009", title: "Salt Lines" };
    mockApi({ "GET /api/store/releases": () => [{ ...RELEASE, coverUrl: cover }, other] });
    renderPage(<StorePage />, "/store");
    const releases = await screen.findByRole("list", { name: "Releases" });
    const [withCover, without] = within(releases).getAllByRole("listitem");
    // The title and artist are read right beside a card's cover: it is described as empty.
    expect(withCover.querySelector("img")).toHaveAttribute("src", cover);
    expect(withCover.querySelector("img")).toHaveAttribute("alt", "");
    // The release without a cover keeps its drawn placeholder, hidden from screen readers.
    expect(without.querySelector("img")).toBeNull();
    expect(within(without).getByRole("link", { name: "Salt Lines" })).toBeInTheDocument();

    // The player bar shows the playing track's cover beside its title, the same way.
    const player = screen.getByRole("region", { name: "Player" });
    expect(within(player).getByText("Low Tide")).toBeInTheDocument();
    expect(player.querySelector("img")).toHaveAttribute("src", cover);
    expect(player.querySelector("img")).toHaveAttribute("alt", "");
  });

  it("shows the shop cart's count on the cart button once releases are published, and opens its drawer", async () => {
    window.localStorage.clear();
    act(() => {
      cart.reload();
      cart.addDownload(downloadLineOf(RELEASE, null, "8.00"));
    });
    mockApi({ "GET /api/store/releases": () => [RELEASE] });
    renderPage(<StorePage />, "/store");
    await screen.findByRole("list", { name: "Releases" });
    await userEvent.click(screen.getByRole("button", { name: "Cart 1 item" }));
    const drawer = await screen.findByRole("dialog", { name: "Your cart" });
    expect(within(drawer).getByText("Glass Harbour")).toBeInTheDocument();
    // The cart outlives a page: the next test starts with it empty and closed.
    window.localStorage.clear();
    act(() => cart.reload());
  });

  it("draws the player bar's gradient for a track whose release has no cover", async () => {
    mockApi({ "GET /api/store/releases": () => [RELEASE] });
    renderPage(<StorePage />, "/store");
    const player = await screen.findByRole("region", { name: "Player" });
    expect(player.querySelector("img")).toBeNull();
    expect(player.querySelector('[aria-hidden="true"]')).not.toBeNull();
  });
});
