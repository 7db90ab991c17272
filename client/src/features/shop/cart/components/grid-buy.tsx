import { lazy, Suspense } from "react";
import type { MerchandiseWithVariants } from "@shared/merchandise";
import { merchPagePath } from "@shared/routes";
import { Button } from "@/components/ui/button";

// The cart's buttons (and its store) are their own chunk, so the landing's first load stays light.
const ItemBuyButtons = lazy(() => import("./add-to-cart-button").then((m) => ({ default: m.ItemBuyButtons })));

/**
 * The Buy of a merchandise card (the landing grid, the members' shop). Everything sells through
 * the cart: an item without options has its one variant added (Buy opens the cart, "Add to cart"
 * beside it); an item with options leads to its page, where they are chosen. Disabled, saying
 * why, when the item is unavailable or sold out.
 */
export function GridBuy({ item }: { item: MerchandiseWithVariants }) {
  const only = item.options.length === 0 ? item.variants[0] : undefined;
  if (!only) {
    const reason = item.isAvailable !== 1 ? "Unavailable" : item.stockQuantity <= 0 ? "Out of stock" : null;
    if (reason) {
      return (
        <Button type="button" size="sm" disabled>
          {reason}
        </Button>
      );
    }
    return (
      <Button asChild size="sm">
        <a href={merchPagePath(item.id)} aria-label={`Buy ${item.name}: choose its options`}>
          Buy
        </a>
      </Button>
    );
  }
  return (
    <Suspense
      fallback={
        <Button type="button" size="sm" disabled aria-label={`Buy ${item.name}`}>
          Buy
        </Button>
      }
    >
      <ItemBuyButtons item={item} variant={only} size="sm" />
    </Suspense>
  );
}
