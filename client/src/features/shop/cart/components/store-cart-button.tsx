import { ShoppingCart } from "lucide-react";
import { Button } from "@/components/ui/button";
import { cart, cartCount, useCart } from "../cart-store";
import { CartAnnouncer, CartDrawer } from "./cart-drawer";

/**
 * The music store's cart: its button in the store's own look ("Cart" with the count in a round
 * badge) over the shop's one cart (goods and downloads), opening the same drawer, with the live
 * region that says the count after every change.
 */
export function StoreCart() {
  const count = cartCount(useCart());
  return (
    <>
      <Button type="button" variant="outline" className="relative" onClick={() => cart.setOpen(true)}>
        <ShoppingCart aria-hidden="true" />
        {/* Named by what it shows ("Cart 3"), then "items" for screen readers. */}
        Cart{" "}
        <span className="absolute -right-2 -top-2 flex h-5 min-w-5 items-center justify-center rounded-full bg-primary px-1 text-xs font-bold text-primary-foreground tabular-nums">
          {count}
        </span>{" "}
        <span className="sr-only">{count === 1 ? "item" : "items"}</span>
      </Button>
      <CartAnnouncer />
      <CartDrawer />
    </>
  );
}
