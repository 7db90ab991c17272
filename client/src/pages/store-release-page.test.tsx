import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { Route } from "wouter";
import type { StoreRelease } from "@shared/store";
import { mockApi, renderPage } from "@/test/page-harness";
import { StoreReleasePage } from "./store-release-page";

const RELEASE: StoreRelease = {
  id: "6c6c6c6c-0000-4000-8000-000000000001",
  title: "Glass Harbour",
  artist: "Mara Quill",
  genre: "Ambient",
  coverUrl: "/objects/uploads/0b9a7f0e-8a57-4c1e-9a3e-1f2d3c4b5a69",
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
      previewUrl: null,
    },
  ],
};

function open(release: StoreRelease) {
  mockApi({ [`GET /api/store/releases/${release.id}`]: () => release });
  renderPage(<Route path="/store/:id" component={StoreReleasePage} />, `/store/${release.id}`);
}

describe("StoreReleasePage", () => {
  it("shows the release's cover, described by title and artist", async () => {
    open(RELEASE);
    expect(await screen.findByRole("img", { name: "Cover of Glass Harbour by Mara Quill" })).toHaveAttribute(
      "src",
      RELEASE.coverUrl,
    );
  });

  it("draws the placeholder for a release without a cover", async () => {
    open({ ...RELEASE, coverUrl: null });
    expect(await screen.findByRole("list", { name: "Tracks" })).toBeInTheDocument();
    expect(screen.queryByRole("img", { name: /^Cover of/ })).not.toBeInTheDocument();
  });
});
