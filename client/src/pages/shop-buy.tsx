import { lazy, Suspense } from "react";
import type { MerchandiseWithVariants } from "@shared/merchandise";
import { Button } from "@/components/ui/button";
import { MerchandiseBuyButton } from "@/features/merchandise-orders/components/merchandise-buy-button";

// The cart's buttons (and its store) are their own chunk, so the landing's first load stays light.
const ItemBuyButtons = lazy(() =>
  import("@/features/cart/components/add-to-cart-button").then((m) => ({ default: m.ItemBuyButtons })),
);

/**
 * The Buy of a merchandise card (the landing grid, the members' shop): an item without options
 * is bought through the cart, its one variant added (Buy opens the cart, "Add to cart" beside
 * it); an item with options leads to its page, where they are chosen.
 */
export function GridBuy({ item }: { item: MerchandiseWithVariants }) {
  const only = item.options.length === 0 ? item.variants[0] : undefined;
  if (!only) return <MerchandiseBuyButton item={item} size="sm" />;
  return (
    <Suspense
      fallback={
        <Button type="button" size="sm" disabled>
          Buy
        </Button>
      }
    >
      <ItemBuyButtons item={item} variant={only} size="sm" />
    </Suspense>
  );
}
