import { act } from "@testing-library/react";
import { beforeEach, describe, expect, it } from "vitest";
import { cart, cartCount, CART_STORAGE_KEY, DOWNLOADS_STORAGE_KEY } from "./cart-store";
import { digitalLinesOf, downloadLineOf, type DownloadLine } from "./download-lines";
import { RELEASE_ON_SALE as RELEASE, TRACK_ON_SALE as TRACK, SHIRT_LINE as shirt } from "./cart.test-support";

const stored = (key: string) => JSON.parse(window.localStorage.getItem(key) ?? "null") as unknown;

/** The page is loaded again: the store reads what the browser kept. */
function reload() {
  act(() => cart.reload());
}

beforeEach(() => {
  window.localStorage.clear();
  reload();
});

describe("the cart's downloads", () => {
  it("keeps a release and a track beside the goods across a reload, counting each download once", () => {
    cart.add(shirt, 2);
    cart.addDownload(downloadLineOf(RELEASE, null, "9.50"));
    cart.addDownload(downloadLineOf(RELEASE, TRACK));
    reload();

    expect(cart.lines()).toEqual([expect.objectContaining({ variantId: shirt.variantId, quantity: 2 })]);
    expect(cart.downloads()).toEqual<DownloadLine[]>([
      {
        releaseId: RELEASE.id,
        trackId: null,
        title: "Glass Harbour",
        releaseTitle: null,
        artist: "Mara Quill",
        coverUrl: null,
        price: "9.50",
        amount: "9.50",
      },
      {
        releaseId: RELEASE.id,
        trackId: TRACK.id,
        title: "Low Tide",
        releaseTitle: "Glass Harbour",
        artist: "Mara Quill",
        coverUrl: null,
        price: "0.99",
      },
    ]);
    expect(cartCount({ lines: cart.lines(), downloads: cart.downloads() })).toBe(4);
    // The goods keep their key and shape; the downloads have their own.
    expect(stored(CART_STORAGE_KEY)).toEqual([expect.objectContaining({ variantId: shirt.variantId })]);
    expect(stored(DOWNLOADS_STORAGE_KEY)).toHaveLength(2);
    expect(digitalLinesOf(cart.downloads())).toEqual([
      { releaseId: RELEASE.id, amount: "9.50" },
      { releaseId: RELEASE.id, trackId: TRACK.id },
    ]);
  });

  it("holds each release or track once: adding it again replaces its amount where it stood", () => {
    cart.addDownload(downloadLineOf(RELEASE, null, "9.50"));
    cart.addDownload(downloadLineOf(RELEASE, TRACK));
    cart.addDownload(downloadLineOf(RELEASE, null, "12.00"));
    cart.addDownload(downloadLineOf(RELEASE, TRACK));
    expect(cart.downloads().map((l) => [l.trackId, l.price, l.amount])).toEqual([
      [null, "12.00", "12.00"],
      [TRACK.id, "0.99", undefined],
    ]);
  });

  it("removes one download, leaving the rest, and empties goods and downloads together", () => {
    cart.add(shirt, 1);
    cart.addDownload(downloadLineOf(RELEASE, null, "9.50"));
    cart.addDownload(downloadLineOf(RELEASE, TRACK));
    cart.removeDownload({ releaseId: RELEASE.id, trackId: null });
    reload();
    expect(cart.downloads().map((l) => l.trackId)).toEqual([TRACK.id]);

    cart.clear();
    reload();
    expect(cart.lines()).toEqual([]);
    expect(cart.downloads()).toEqual([]);
  });

  it("loads a cart stored before downloads existed, and leaves out damaged download entries", () => {
    // What the cart always stored: its goods, under its one key.
    window.localStorage.setItem(CART_STORAGE_KEY, JSON.stringify([{ ...shirt, quantity: 3 }]));
    reload();
    expect(cart.lines()).toEqual([expect.objectContaining({ variantId: shirt.variantId, quantity: 3 })]);
    expect(cart.downloads()).toEqual([]);

    window.localStorage.setItem(
      DOWNLOADS_STORAGE_KEY,
      JSON.stringify([{ releaseId: RELEASE.id, title: "Glass Harbour", price: "7.00" }, { title: "no release" }, 7]),
    );
    reload();
    expect(cart.downloads()).toEqual([
      expect.objectContaining({ releaseId: RELEASE.id, trackId: null, releaseTitle: null, coverUrl: null }),
    ]);
    window.localStorage.setItem(DOWNLOADS_STORAGE_KEY, "{not json");
    reload();
    expect(cart.downloads()).toEqual([]);
    expect(cart.lines()).toHaveLength(1);
  });

  it("prices a fixed-price release at its price, sending no amount", () => {
    const fixed = downloadLineOf({ ...RELEASE, payWhatYouWant: false }, null, "20.00");
    expect(fixed).toMatchObject({ price: "7.00" });
    expect(fixed.amount).toBeUndefined();
  });
});
