import { render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { makeLiveStream as stream, NO_PLATFORMS } from "@/test/fixtures";
import { LiveNowSection } from "./live-now-section";

const liveHeading = () => screen.queryByRole("heading", { level: 2, name: "LIVE NOW" });

describe("LiveNowSection", () => {
  it.each(["scheduled", "ended"] as const)("renders nothing while the stream is %s", (status) => {
    const { container } = render(<LiveNowSection stream={stream({ status, embedUrl: "https://player.test/1" })} />);
    expect(container).toBeEmptyDOMElement();
  });

  it("renders nothing when there is no stream", () => {
    const { container } = render(<LiveNowSection stream={null} />);
    expect(container).toBeEmptyDOMElement();
  });

  it("shows LIVE NOW, the viewer count, title and description while live", () => {
    render(<LiveNowSection stream={stream()} />);
    expect(screen.getByRole("region", { name: "LIVE NOW" })).toBeInTheDocument();
    expect(liveHeading()).toBeInTheDocument();
    expect(screen.getByText("1,284 watching")).toBeInTheDocument();
    expect(screen.getByRole("heading", { level: 3, name: "Live from Studio A" })).toBeInTheDocument();
    expect(screen.getByText("A listening session")).toBeInTheDocument();
  });

  it("embeds the player in a sandboxed, titled frame when embedUrl is set", () => {
    const { container } = render(
      <LiveNowSection
        stream={stream({ embedUrl: "https://player.test/embed/1", streamUrl: "https://cdn.test/live.m3u8" })}
      />,
    );
    const frame = screen.getByTitle("Live from Studio A");
    expect(frame.tagName).toBe("IFRAME");
    expect(frame).toHaveAttribute("src", "https://player.test/embed/1");
    expect(frame.getAttribute("sandbox")).toMatch(/allow-scripts/);
    expect(frame.getAttribute("sandbox")).not.toMatch(/allow-top-navigation/);
    expect(container.querySelector("video")).toBeNull();
  });

  it("plays streamUrl in a video element when there is no embed", () => {
    const { container } = render(
      <LiveNowSection
        stream={stream({ streamUrl: "https://cdn.test/live.mp4", thumbnailUrl: "/demo/live/poster.svg" })}
      />,
    );
    const video = container.querySelector("video");
    expect(video).toHaveAttribute("src", "https://cdn.test/live.mp4");
    expect(video).toHaveAttribute("poster", "/demo/live/poster.svg");
    expect(container.querySelector("iframe")).toBeNull();
  });

  it("shows a neutral placeholder, not the schedule's thumbnail, when there is neither an embed nor a stream URL", () => {
    const { container } = render(<LiveNowSection stream={stream({ thumbnailUrl: "/demo/live/studio-session.svg" })} />);
    expect(screen.getByTestId("live-placeholder")).toHaveTextContent("The stream is starting. Stay tuned.");
    expect(container.querySelector("iframe, video, img")).toBeNull();
  });

  it("shows no platform badges when no platform is set", () => {
    render(<LiveNowSection stream={stream()} />);
    expect(screen.queryByRole("list", { name: "Streaming platforms" })).not.toBeInTheDocument();
  });

  it.each([
    ["facebook", "Facebook"],
    ["instagram", "Instagram"],
    ["tiktok", "TikTok"],
    ["rumble", "Rumble"],
  ] as const)("shows only the %s badge when only that platform is set", (key, label) => {
    render(<LiveNowSection stream={stream({ platforms: { ...NO_PLATFORMS, [key]: true } })} />);
    const badges = screen.getAllByRole("listitem").map((item) => item.textContent);
    expect(badges).toEqual([label]);
  });

  it("shows every badge, with the TikTok username, when all platforms are set", () => {
    render(
      <LiveNowSection
        stream={stream({
          platforms: { facebook: true, instagram: true, tiktok: true, rumble: true },
          tiktokUsername: "novareign",
        })}
      />,
    );
    const badges = screen.getAllByRole("listitem").map((item) => item.textContent);
    expect(badges).toEqual(["Facebook", "Instagram", "TikTok @novareign", "Rumble"]);
  });
});
