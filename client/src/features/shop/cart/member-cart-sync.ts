import { useEffect } from "react";
import type { MerchandiseWithVariants } from "@shared/merchandise";
import type { Cart, CartItem, DigitalLine } from "@shared/merchandise-checkout";
import type { StoreRelease } from "@shared/store";
import { memberCartApi } from "./api";
import { cart, subscribe, type CartLine } from "./cart-store";
import { cartProductOf } from "./components/add-to-cart-button";
import { digitalLinesOf, downloadKey, downloadLineOf, type DownloadLine } from "./download-lines";

export interface MemberCartSyncDeps {
  load: () => Promise<Cart>;
  save: (saved: Cart) => Promise<unknown>;
  itemsOnSale: () => Promise<MerchandiseWithVariants[]>;
  releasesOnSale: () => Promise<StoreRelease[]>;
}

const cartOf = (lines: readonly CartLine[], downloads: readonly DownloadLine[]): Cart => ({
  items: lines.map(({ variantId, quantity }) => ({ variantId, quantity })),
  digital: digitalLinesOf(downloads),
});

/**
 * The browser's cart with the member's saved one merged in: every line of both, a variant in
 * both at the larger of its two quantities (so signing in again on the same browser never
 * doubles it), within the item's per-order maximum. A saved variant no longer on sale is left out.
 */
export function mergeCarts(
  local: readonly CartLine[],
  saved: readonly CartItem[],
  itemsOnSale: readonly MerchandiseWithVariants[],
): CartLine[] {
  const merged = local.map((line) => ({ ...line }));
  for (const { variantId, quantity } of saved) {
    const here = merged.find((line) => line.variantId === variantId);
    if (here) {
      here.quantity = Math.min(Math.max(here.quantity, quantity), here.maxPerOrder);
      continue;
    }
    const item = itemsOnSale.find((i) => i.variants.some((v) => v.id === variantId));
    const variant = item?.variants.find((v) => v.id === variantId);
    if (!item || !variant) continue;
    const { stockQuantity: _stock, isAvailable: _available, ...line } = cartProductOf(item, variant);
    merged.push({ ...line, quantity: Math.min(quantity, line.maxPerOrder) });
  }
  return merged;
}

/**
 * The browser's downloads with the member's saved ones: every release or track of both once. One
 * in both keeps the browser's line (the amount last named here); a saved one is described from
 * the store's published releases, and left out when its release or track is no longer for sale.
 */
export function mergeDownloads(
  local: readonly DownloadLine[],
  saved: readonly DigitalLine[],
  releasesOnSale: readonly StoreRelease[],
): DownloadLine[] {
  const merged = [...local];
  for (const line of saved) {
    const trackId = line.trackId ?? null;
    if (merged.some((here) => downloadKey(here) === downloadKey({ releaseId: line.releaseId, trackId }))) continue;
    const release = releasesOnSale.find((r) => r.id === line.releaseId);
    const track = trackId ? release?.tracks.find((t) => t.id === trackId) : null;
    if (!release || track === undefined || (track && !release.trackPrice)) continue;
    merged.push(downloadLineOf(release, track, line.amount));
  }
  return merged;
}

/**
 * Joins this browser's cart to a signed-in member's saved cart: reads the saved cart, merges it
 * into the browser's (see mergeCarts and mergeDownloads) and saves the result, then saves the cart
 * again after every change (a quantity, a removal, a paid checkout emptying it). Returns the way
 * to stop. Nothing is saved before the merge, so a fresh browser never overwrites the saved cart;
 * when the saved cart cannot be read, the browser's cart stays local for this visit.
 */
export function startMemberCartSync(deps: MemberCartSyncDeps = memberCartApi): () => void {
  let stopped = false;
  let unsubscribe = () => {};
  let lastSaved: string | null = null;
  let saving: Promise<unknown> = Promise.resolve();

  const save = () => {
    const body = cartOf(cart.lines(), cart.downloads());
    const key = JSON.stringify(body);
    if (stopped || key === lastSaved) return;
    lastSaved = key;
    // One save at a time, in the order of the changes, so the last change is the one kept.
    saving = saving
      .then(() => deps.save(body))
      .catch(() => {
        // Not saved: the next change sends the whole cart again.
        if (lastSaved === key) lastSaved = null;
      });
  };

  void (async () => {
    try {
      const [saved, itemsOnSale] = await Promise.all([deps.load(), deps.itemsOnSale()]);
      const digital = saved.digital ?? [];
      // The releases are read only when a saved download needs describing.
      const releasesOnSale = digital.length > 0 ? await deps.releasesOnSale() : [];
      if (stopped) return;
      lastSaved = JSON.stringify({ items: saved.items, digital });
      cart.replace(
        mergeCarts(cart.lines(), saved.items, itemsOnSale),
        mergeDownloads(cart.downloads(), digital, releasesOnSale),
      );
      save();
      unsubscribe = subscribe(save);
    } catch {
      // The saved cart could not be read: keep the browser's cart as it is.
    }
  })();

  return () => {
    stopped = true;
    unsubscribe();
  };
}

/** Keeps the cart of the signed-in member (`userId`) in step with the server; nothing for a visitor. */
export function useMemberCartSync(userId: string | null) {
  useEffect(() => (userId ? startMemberCartSync() : undefined), [userId]);
}

/** Mounted once by the app for a signed-in member. */
export function MemberCartSync({ userId }: { userId: string }) {
  useMemberCartSync(userId);
  return null;
}
