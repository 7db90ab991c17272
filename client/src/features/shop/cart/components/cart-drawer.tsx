import { Minus, Plus, ShoppingCart } from "lucide-react";
import { formatDay } from "@shared/dates";
import { Link } from "wouter";
import { formatMoney, fromCents, toCents } from "@shared/money";
import { CHECKOUT_ROUTE } from "@shared/routes";
import { Button } from "@/components/ui/button";
import { Sheet, SheetContent, SheetDescription, SheetTitle } from "@/components/ui/sheet";
import { cart, cartCount, lineLimit, stockNote, useCart, type CartLine } from "../cart-store";
import type { DownloadLine } from "../download-lines";
import { DownloadLineItem } from "./download-line";
import { RemoveButton } from "./remove-button";

/** "Tour Shirt (M / Black)". */
export function cartLineName(line: Pick<CartLine, "name" | "optionsLabel">) {
  return line.optionsLabel ? `${line.name} (${line.optionsLabel})` : line.name;
}

/** The lines' sum at the prices shown when they were added; the checkout quotes the real total. */
export function cartSubtotal(lines: readonly CartLine[], downloads: readonly DownloadLine[] = []) {
  const goods = lines.reduce((sum, line) => sum + toCents(line.price) * line.quantity, 0);
  return fromCents(downloads.reduce((sum, line) => sum + toCents(line.price), goods));
}

const itemsWord = (count: number) => (count === 1 ? "1 item" : `${count} items`);

/**
 * The header's cart button: opens the drawer, saying how many items it holds; absent while the
 * cart is empty. On a phone it is the icon and the count, so the header keeps it in view.
 */
export function CartButton() {
  const count = cartCount(useCart());
  if (count === 0) return null;
  return (
    <Button
      type="button"
      variant="outline"
      size="sm"
      className="max-sm:min-h-11 max-sm:px-2.5"
      onClick={() => cart.setOpen(true)}
    >
      <ShoppingCart className="h-4 w-4" aria-hidden="true" />
      <span className="max-sm:sr-only">Cart ({count})</span>
      <span aria-hidden="true" className="tabular-nums sm:hidden">
        {count}
      </span>
      <span className="sr-only">{itemsWord(count)}</span>
    </Button>
  );
}

/**
 * Says the cart's count to screen readers after every change ("2 items in your cart"): a polite
 * live region, present from the start so the change is what gets read.
 */
export function CartAnnouncer() {
  const count = cartCount(useCart());
  return (
    <p role="status" aria-live="polite" className="sr-only" data-testid="cart-announcer">
      {count === 0 ? "" : `${itemsWord(count)} in your cart`}
    </p>
  );
}

/** A line's −, quantity and +: 1 to its per-order maximum or its stock, 44 px targets on a phone. */
export function QuantityControls({ line }: { line: CartLine }) {
  const name = cartLineName(line);
  const limit = lineLimit(line);
  const button = "size-11 sm:size-8";
  return (
    <div className="flex items-center gap-1">
      <Button
        type="button"
        variant="outline"
        size="icon"
        className={button}
        aria-label={`One less ${name}`}
        disabled={line.quantity <= 1}
        onClick={() => cart.setQuantity(line.variantId, line.quantity - 1)}
      >
        <Minus className="h-3 w-3" aria-hidden="true" />
      </Button>
      <input
        type="number"
        inputMode="numeric"
        min={1}
        max={limit}
        aria-label={`Quantity of ${name}`}
        className="h-11 w-14 rounded-md border bg-background text-center text-sm tabular-nums sm:h-8"
        value={line.quantity}
        onChange={(event) => {
          const value = Number(event.target.value);
          if (value >= 1) cart.setQuantity(line.variantId, value);
        }}
      />
      <Button
        type="button"
        variant="outline"
        size="icon"
        className={button}
        aria-label={`One more ${name}`}
        disabled={line.quantity >= limit}
        onClick={() => cart.setQuantity(line.variantId, line.quantity + 1)}
      >
        <Plus className="h-3 w-3" aria-hidden="true" />
      </Button>
    </div>
  );
}

/** "Remove", named with the line. */
export function RemoveLineButton({ line }: { line: CartLine }) {
  return <RemoveButton name={cartLineName(line)} onRemove={() => cart.remove(line.variantId)} />;
}

/**
 * The cart drawer: each line with its options, quantity and a remove button, each download with
 * its cover and price, the lines' sum, and the way to the checkout. Mounted once per page that
 * sells (the drawer follows the store).
 */
export function CartDrawer() {
  const { lines, downloads, open } = useCart();
  const empty = lines.length === 0 && downloads.length === 0;
  return (
    <Sheet open={open} onOpenChange={cart.setOpen}>
      <SheetContent aria-describedby="cart-description">
        <SheetTitle>Your cart</SheetTitle>
        <SheetDescription id="cart-description">
          {empty
            ? "Your cart is empty."
            : lines.length > 0
              ? "Shipping and tax are added at checkout."
              : "Tax is added at checkout."}
        </SheetDescription>
        {!empty && (
          <>
            <ul className="grid gap-4" aria-label="Items in your cart">
              {lines.map((line) => (
                <li key={line.variantId} className="grid gap-2 border-b pb-4">
                  <div className="flex items-start justify-between gap-2">
                    <div>
                      <p className="font-medium">{line.name}</p>
                      {line.optionsLabel && <p className="text-sm text-muted-foreground">{line.optionsLabel}</p>}
                      {line.shipsFrom && (
                        <p className="text-sm text-muted-foreground">
                          Ships from {formatDay(line.shipsFrom, null, "short")}
                        </p>
                      )}
                    </div>
                    <p className="tabular-nums">{formatMoney(line.price)}</p>
                  </div>
                  <div className="flex items-center justify-between gap-2">
                    <QuantityControls line={line} />
                    <RemoveLineButton line={line} />
                  </div>
                  {stockNote(line) && <p className="text-sm text-muted-foreground">{stockNote(line)}</p>}
                </li>
              ))}
              {downloads.map((line) => (
                <DownloadLineItem key={`${line.releaseId}/${line.trackId}`} line={line} className="pb-4" />
              ))}
            </ul>
            <p className="flex justify-between font-semibold">
              <span>Items</span>
              <span className="tabular-nums">{formatMoney(cartSubtotal(lines, downloads))}</span>
            </p>
            <Button asChild>
              <Link href={CHECKOUT_ROUTE} onClick={() => cart.setOpen(false)}>
                Checkout
              </Link>
            </Button>
          </>
        )}
      </SheetContent>
    </Sheet>
  );
}

/** The cart for a page's header: its button and its drawer. */
export function ShopCart() {
  return (
    <>
      <CartButton />
      <CartAnnouncer />
      <CartDrawer />
    </>
  );
}
