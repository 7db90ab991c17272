import { useEffect } from "react";
import type { MerchandiseWithVariants } from "@shared/merchandise";
import type { Cart, CartItem } from "@shared/merchandise-checkout";
import { memberCartApi } from "./api";
import { cart, subscribe, type CartLine } from "./cart-store";
import { cartProductOf } from "./components/add-to-cart-button";

export interface MemberCartSyncDeps {
  load: () => Promise<Cart>;
  save: (items: CartItem[]) => Promise<unknown>;
  itemsOnSale: () => Promise<MerchandiseWithVariants[]>;
}

const itemsOf = (lines: readonly CartLine[]): CartItem[] =>
  lines.map(({ variantId, quantity }) => ({ variantId, quantity }));

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
 * Joins this browser's cart to a signed-in member's saved cart: reads the saved cart, merges it
 * into the browser's (see mergeCarts) and saves the result, then saves the cart again after
 * every change (a quantity, a removal, a paid checkout emptying it). Returns the way to stop.
 * Nothing is saved before the merge, so a fresh browser never overwrites the saved cart; when the
 * saved cart cannot be read, the browser's cart stays local for this visit.
 */
export function startMemberCartSync(deps: MemberCartSyncDeps = memberCartApi): () => void {
  let stopped = false;
  let unsubscribe = () => {};
  let lastSaved: string | null = null;
  let saving: Promise<unknown> = Promise.resolve();

  const save = () => {
    const items = itemsOf(cart.lines());
    const key = JSON.stringify(items);
    if (stopped || key === lastSaved) return;
    lastSaved = key;
    // One save at a time, in the order of the changes, so the last change is the one kept.
    saving = saving
      .then(() => deps.save(items))
      .catch(() => {
        // Not saved: the next change sends the whole cart again.
        if (lastSaved === key) lastSaved = null;
      });
  };

  void (async () => {
    try {
      const [saved, itemsOnSale] = await Promise.all([deps.load(), deps.itemsOnSale()]);
      if (stopped) return;
      lastSaved = JSON.stringify(saved.items);
      cart.replace(mergeCarts(cart.lines(), saved.items, itemsOnSale));
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
