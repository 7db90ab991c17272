import { Minus, Plus, ShoppingCart, Trash2 } from "lucide-react";
import { formatDay } from "@shared/dates";
import { Link } from "wouter";
import { formatMoney, fromCents, toCents } from "@shared/money";
import { CHECKOUT_ROUTE } from "@shared/routes";
import { Button } from "@/components/ui/button";
import { Sheet, SheetContent, SheetDescription, SheetTitle } from "@/components/ui/sheet";
import { cart, useCart, type CartLine } from "../cart-store";

/** "Tour Shirt (M / Black)". */
export function cartLineName(line: Pick<CartLine, "name" | "optionsLabel">) {
  return line.optionsLabel ? `${line.name} (${line.optionsLabel})` : line.name;
}

/** The items' sum at the prices shown when they were added; the checkout quotes the real total. */
export function cartSubtotal(lines: readonly CartLine[]) {
  return fromCents(lines.reduce((sum, line) => sum + toCents(line.price) * line.quantity, 0));
}

/** The header's cart button: opens the drawer, saying how many items it holds; absent while the cart is empty. */
export function CartButton() {
  const { lines } = useCart();
  const count = lines.reduce((sum, line) => sum + line.quantity, 0);
  if (count === 0) return null;
  return (
    <Button type="button" variant="outline" size="sm" onClick={() => cart.setOpen(true)}>
      <ShoppingCart className="h-4 w-4" aria-hidden="true" />
      <span>Cart ({count})</span>
      <span className="sr-only">{count === 1 ? "1 item" : `${count} items`}</span>
    </Button>
  );
}

function QuantityControls({ line }: { line: CartLine }) {
  const name = cartLineName(line);
  return (
    <div className="flex items-center gap-1">
      <Button
        type="button"
        variant="outline"
        size="icon"
        className="h-8 w-8"
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
        max={line.maxPerOrder}
        aria-label={`Quantity of ${name}`}
        className="h-8 w-14 rounded-md border bg-background text-center text-sm tabular-nums"
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
        className="h-8 w-8"
        aria-label={`One more ${name}`}
        disabled={line.quantity >= line.maxPerOrder}
        onClick={() => cart.setQuantity(line.variantId, line.quantity + 1)}
      >
        <Plus className="h-3 w-3" aria-hidden="true" />
      </Button>
    </div>
  );
}

/**
 * The cart drawer: each line with its options, quantity and a remove button, the items' sum,
 * and the way to the checkout. Mounted once per page that sells (the drawer follows the store).
 */
export function CartDrawer() {
  const { lines, open } = useCart();
  return (
    <Sheet open={open} onOpenChange={cart.setOpen}>
      <SheetContent aria-describedby="cart-description">
        <SheetTitle>Your cart</SheetTitle>
        <SheetDescription id="cart-description">
          {lines.length === 0 ? "Your cart is empty." : "Shipping and tax are added at checkout."}
        </SheetDescription>
        {lines.length > 0 && (
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
                    <Button
                      type="button"
                      variant="ghost"
                      size="sm"
                      aria-label={`Remove ${cartLineName(line)}`}
                      onClick={() => cart.remove(line.variantId)}
                    >
                      <Trash2 className="h-4 w-4" aria-hidden="true" />
                      Remove
                    </Button>
                  </div>
                </li>
              ))}
            </ul>
            <p className="flex justify-between font-semibold">
              <span>Items</span>
              <span className="tabular-nums">{formatMoney(cartSubtotal(lines))}</span>
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
      <CartDrawer />
    </>
  );
}
