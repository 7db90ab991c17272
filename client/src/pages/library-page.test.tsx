import { screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { z } from "zod";
import type { libraryItemSchema } from "@shared/store";
import { mockApi, renderPage } from "@/test/page-harness";
import { LibraryPage } from "./library-page";

type Item = z.input<typeof libraryItemSchema>;

const COVER = "/objects/uploads/0b9a7f0e-8a57-4c1e-9a3e-1f2d3c4b5a69";
const item = (n: number, title: string, coverUrl: string | null): Item => ({
  releaseId: `6c6c6c6c-0000-4000-8000-00000000000${n}`,
  title,
  trackTitle: null,
  artist: "Mara Quill",
  coverUrl,
  status: "paid",
  downloadPath: `/downloads/token-${n}-abcdefghijklmnopqrstuvwx`,
  formats: ["flac"],
  acquiredAt: "2026-11-01T10:00:00.000Z",
});

afterEach(() => vi.unstubAllGlobals());

describe("LibraryPage", () => {
  it("shows each item's cover beside its title, without reading it twice, and the placeholder without one", async () => {
    mockApi({ "GET /api/store/library": () => [item(1, "Glass Harbour", COVER), item(2, "Salt Lines", null)] });
    renderPage(<LibraryPage />, "/library");
    const list = await screen.findByRole("list", { name: "Your music" });
    const [withCover, without] = within(list).getAllByRole("listitem");
    // The title and artist are read right beside the cover: it is described as empty.
    const image = withCover.querySelector("img");
    expect(image).toHaveAttribute("src", COVER);
    expect(image).toHaveAttribute("alt", "");
    expect(within(withCover).queryByRole("img")).not.toBeInTheDocument();
    expect(within(withCover).getByText("Glass Harbour")).toBeInTheDocument();
    expect(without.querySelector("img")).toBeNull();
    expect(without.querySelector('[aria-hidden="true"]')).not.toBeNull();
    expect(within(without).getByRole("link", { name: "Download Salt Lines as FLAC" })).toBeInTheDocument();
  });
});
