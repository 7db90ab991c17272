import { screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { Route } from "wouter";
import type { z } from "zod";
import type { storeDownloadSchema } from "@shared/store";
import { mockApi, renderPage } from "@/test/page-harness";
import { DownloadPage } from "./download-page";

const TOKEN = "abcdefghijklmnopqrstuvwx";
const COVER = "/objects/uploads/0b9a7f0e-8a57-4c1e-9a3e-1f2d3c4b5a69";
const DOWNLOAD: z.output<typeof storeDownloadSchema> = {
  releaseId: "6c6c6c6c-0000-4000-8000-000000000001",
  title: "Glass Harbour",
  artist: "Mara Quill",
  trackTitle: null,
  coverUrl: null,
  formats: ["mp3-320", "flac"],
  tracks: [{ title: "Low Tide", position: 0 }],
};

function open(download: typeof DOWNLOAD) {
  mockApi({ [`GET /api/downloads/${TOKEN}`]: () => download }, null);
  renderPage(<Route path="/downloads/:token" component={DownloadPage} />, `/downloads/${TOKEN}`);
}

afterEach(() => vi.unstubAllGlobals());

describe("DownloadPage", () => {
  it("shows the release's cover, described by title and artist, above its formats", async () => {
    open({ ...DOWNLOAD, coverUrl: COVER });
    expect(await screen.findByRole("img", { name: "Cover of Glass Harbour by Mara Quill" })).toHaveAttribute(
      "src",
      COVER,
    );
    expect(screen.getByRole("link", { name: "FLAC" })).toHaveAttribute("href", `/api/downloads/${TOKEN}/flac.zip`);
  });

  it("offers each track's own file in every format, beside the zips", async () => {
    open(DOWNLOAD);
    const track = await screen.findByRole("link", { name: "Download Low Tide as FLAC" });
    expect(track).toHaveAttribute("href", `/api/downloads/${TOKEN}/tracks/0/flac`);
    expect(screen.getByRole("link", { name: "Download Low Tide as MP3 320" })).toHaveAttribute(
      "href",
      `/api/downloads/${TOKEN}/tracks/0/mp3-320`,
    );
  });

  it("draws the placeholder for a release without a cover", async () => {
    open(DOWNLOAD);
    expect(await screen.findByRole("list", { name: "Formats" })).toBeInTheDocument();
    expect(screen.queryByRole("img")).not.toBeInTheDocument();
    expect(screen.getByRole("heading", { name: "Download Glass Harbour" })).toBeInTheDocument();
  });
});
