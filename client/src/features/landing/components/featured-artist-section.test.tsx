import { render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { makeFeaturedArtist as artist } from "@/test/fixtures";
import { FeaturedArtistSection } from "./featured-artist-section";

describe("FeaturedArtistSection", () => {
  it("renders nothing when no artist is active", () => {
    const { container } = render(<FeaturedArtistSection artist={null} />);
    expect(container).toBeEmptyDOMElement();
  });

  it("shows the image with alt text, name, month, bio and a link to the gallery", () => {
    render(<FeaturedArtistSection artist={artist()} />);
    expect(
      screen.getByRole("heading", { level: 2, name: "Community Featured Artist of the Month" }),
    ).toBeInTheDocument();
    expect(screen.getByRole("img", { name: "Nova Reign" })).toHaveAttribute("src", "/demo/artists/nova-reign.svg");
    expect(screen.getByRole("heading", { level: 3, name: "Nova Reign" })).toBeInTheDocument();
    expect(screen.getByText("Featured for November 2026")).toBeInTheDocument();
    expect(screen.getByText("Houston-born singer and producer.")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "View All Artists" })).toHaveAttribute("href", "/artists");
  });

  it("offers neither song nor video when the artist has none", () => {
    const { container } = render(<FeaturedArtistSection artist={artist()} />);
    expect(container.querySelector("audio, video")).toBeNull();
    expect(screen.queryByRole("link", { name: /Watch Video/ })).not.toBeInTheDocument();
  });

  it("plays the song in an audio player with controls", () => {
    const { container } = render(<FeaturedArtistSection artist={artist({ songUrl: "/demo/song.mp3" })} />);
    const audio = container.querySelector("audio");
    expect(audio).toHaveAttribute("src", "/demo/song.mp3");
    expect(audio).toHaveAttribute("controls");
    expect(audio).toHaveAccessibleName("Listen to Nova Reign");
  });

  it("links a video page in a new tab", () => {
    render(<FeaturedArtistSection artist={artist({ videoUrl: "https://videos.test/watch?v=1" })} />);
    const link = screen.getByRole("link", { name: /Watch Video/ });
    expect(link).toHaveAttribute("href", "https://videos.test/watch?v=1");
    expect(link).toHaveAttribute("target", "_blank");
    expect(link).toHaveAttribute("rel", "noopener noreferrer");
  });

  it("plays a video file in place", () => {
    const { container } = render(<FeaturedArtistSection artist={artist({ videoUrl: "/objects/uploads/clip.mp4" })} />);
    expect(container.querySelector("video")).toHaveAttribute("src", "/objects/uploads/clip.mp4");
    expect(screen.queryByRole("link", { name: /Watch Video/ })).not.toBeInTheDocument();
  });
});
