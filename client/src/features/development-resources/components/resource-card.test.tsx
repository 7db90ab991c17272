import { render, screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { ResourceCard, type ResourceCardData } from "./resource-card";

const base: ResourceCardData = {
  id: "r1",
  title: "Vocal Recording Fundamentals",
  description: "Room, microphone, gain and takes.",
  category: "production",
  resourceType: "tutorial",
  contentUrl: null,
  embedUrl: null,
  thumbnailUrl: null,
  downloadUrl: null,
  duration: 35,
};

function renderCard(overrides: Partial<ResourceCardData>) {
  return render(<ResourceCard resource={{ ...base, ...overrides }} />);
}

describe("ResourceCard", () => {
  it("shows the title, type and category badges, a 2-line description and the duration in min", () => {
    renderCard({});
    expect(screen.getByRole("heading", { name: "Vocal Recording Fundamentals" })).toBeInTheDocument();
    expect(screen.getByText("Tutorial")).toBeInTheDocument();
    expect(screen.getByText("Production")).toBeInTheDocument();
    expect(screen.getByText("Room, microphone, gain and takes.")).toHaveClass("line-clamp-2");
    expect(screen.getByText("35 min")).toBeInTheDocument();
  });

  it("embeds a sandboxed frame when there is an embed URL, instead of the thumbnail", () => {
    const { container } = renderCard({
      embedUrl: "https://www.youtube-nocookie.com/embed/abc",
      thumbnailUrl: "/demo/resources/production.svg",
      contentUrl: "https://example.test/watch",
    });
    const frame = screen.getByTitle("Vocal Recording Fundamentals");
    expect(frame.tagName).toBe("IFRAME");
    expect(frame).toHaveAttribute("src", "https://www.youtube-nocookie.com/embed/abc");
    expect(frame.getAttribute("sandbox")).toContain("allow-scripts");
    expect(frame.getAttribute("sandbox")).not.toContain("allow-top-navigation");
    expect(container.querySelector("img")).toBeNull();
    expect(screen.queryByTestId("play-overlay")).toBeNull();
  });

  it("shows a video's thumbnail with a play overlay opening the content in a new tab", () => {
    renderCard({
      resourceType: "video",
      thumbnailUrl: "/demo/resources/production.svg",
      contentUrl: "https://example.test/watch",
    });
    expect(screen.getByRole("img", { name: "Vocal Recording Fundamentals" })).toHaveAttribute(
      "src",
      "/demo/resources/production.svg",
    );
    const overlay = screen.getByRole("link", { name: "Play Vocal Recording Fundamentals" });
    expect(overlay).toHaveAttribute("href", "https://example.test/watch");
    expect(overlay).toHaveAttribute("target", "_blank");
    expect(overlay).toHaveAttribute("rel", "noopener noreferrer");
    expect(document.querySelector("iframe")).toBeNull();
  });

  it("shows the thumbnail without an overlay when there is nothing to play", () => {
    renderCard({ resourceType: "video", thumbnailUrl: "/demo/resources/production.svg" });
    expect(screen.getByRole("img", { name: "Vocal Recording Fundamentals" })).toBeInTheDocument();
    expect(screen.queryByTestId("play-overlay")).toBeNull();
  });

  it.each(["article", "guide", "template", "tutorial", "other"] as const)(
    "puts no play overlay on a %s, which is opened with View",
    (resourceType) => {
      renderCard({ resourceType, thumbnailUrl: "/demo/resources/legal.svg", contentUrl: "/files/read-me.txt" });
      expect(screen.queryByTestId("play-overlay")).toBeNull();
      expect(screen.queryByRole("link", { name: /^Play/ })).toBeNull();
      expect(screen.getByRole("link", { name: "View Vocal Recording Fundamentals" })).toHaveAttribute(
        "href",
        "/files/read-me.txt",
      );
    },
  );

  it("offers View for a video that only has an embedded player, opening that player in a new tab", () => {
    renderCard({ resourceType: "video", embedUrl: "https://www.youtube-nocookie.com/embed/abc" });
    const view = screen.getByRole("link", { name: "View Vocal Recording Fundamentals" });
    expect(view).toHaveAttribute("href", "https://www.youtube-nocookie.com/embed/abc");
    expect(view).toHaveAttribute("target", "_blank");
    expect(view).toHaveAttribute("rel", "noopener noreferrer");
  });

  it("prefers the content page over the embedded player for View", () => {
    renderCard({
      resourceType: "video",
      embedUrl: "https://player.test/embed/1",
      contentUrl: "https://videos.test/watch/1",
    });
    expect(screen.getByRole("link", { name: "View Vocal Recording Fundamentals" })).toHaveAttribute(
      "href",
      "https://videos.test/watch/1",
    );
  });

  it("shows neither frame nor image, and no buttons, when the resource has no media or links", () => {
    const { container } = renderCard({ duration: null });
    expect(container.querySelector("iframe, img")).toBeNull();
    expect(screen.queryByRole("link")).toBeNull();
    expect(screen.queryByText(/min$/)).toBeNull();
    expect(screen.getByText("Coming soon: no link has been added yet.")).toBeInTheDocument();
  });

  it("offers View and Download in new tabs only for the links it has", () => {
    const { unmount } = renderCard({ contentUrl: "https://example.test/read", downloadUrl: "/files/guide.txt" });
    const view = screen.getByRole("link", { name: "View Vocal Recording Fundamentals" });
    const download = screen.getByRole("link", { name: "Download Vocal Recording Fundamentals" });
    expect(view).toHaveAttribute("href", "https://example.test/read");
    expect(download).toHaveAttribute("href", "/files/guide.txt");
    for (const link of [view, download]) {
      expect(link).toHaveAttribute("target", "_blank");
      expect(link).toHaveAttribute("rel", "noopener noreferrer");
    }
    unmount();

    renderCard({ downloadUrl: "/files/guide.txt" });
    const card = screen.getByRole("heading").closest("[data-slot=card]") as HTMLElement;
    expect(within(card).queryByRole("link", { name: /^View/ })).toBeNull();
    expect(within(card).getByRole("link", { name: /^Download/ })).toBeInTheDocument();
  });
});
