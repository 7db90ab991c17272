import { Check } from "lucide-react";
import { useEffect, useState } from "react";
import { Button, type ButtonProps } from "@/components/ui/button";
import { cart, type CartLine } from "../cart-store";

/** What a cart line needs of the variant a buyer picked. */
export type CartProduct = Omit<CartLine, "quantity"> & {
  stockQuantity: number;
  /** 1 when the item is on sale. */
  isAvailable: number;
};

/** How long "Added" stays on the button after a click. */
const ADDED_FOR_MS = 2000;

/**
 * "Add to cart" beside an item's Buy button: adds one of the picked variant and leaves the
 * buyer where they are, the button saying "Added" for a moment (the header's cart shows the
 * count, and its live region says it). `buy` is the Buy button, named with its item ("Buy Tour
 * Tee 2026"): it keeps its text, adds, and opens the cart drawer. Disabled, saying why, when the
 * variant cannot be sold.
 */
export function AddToCartButton({
  product,
  buy = false,
  className,
  size,
  variant,
}: { product: CartProduct; buy?: boolean } & Pick<ButtonProps, "className" | "size" | "variant">) {
  const [added, setAdded] = useState(false);
  useEffect(() => {
    if (!added) return;
    const timer = setTimeout(() => setAdded(false), ADDED_FOR_MS);
    return () => clearTimeout(timer);
  }, [added]);
  const reason = product.isAvailable !== 1 ? "Unavailable" : product.stockQuantity <= 0 ? "Sold out" : null;
  const { stockQuantity, isAvailable: _available, ...line } = product;
  return (
    <Button
      type="button"
      className={className}
      size={size}
      variant={variant ?? (buy ? "default" : "outline")}
      disabled={reason !== null}
      aria-label={buy && reason === null ? `Buy ${product.name}` : undefined}
      onClick={() => {
        cart.add({ ...line, stock: stockQuantity }, 1, { open: buy });
        if (!buy) setAdded(true);
      }}
    >
      {reason ??
        (buy ? (
          "Buy"
        ) : added ? (
          <>
            <Check aria-hidden="true" />
            Added
          </>
        ) : (
          "Add to cart"
        ))}
    </Button>
  );
}

/** The item and the variant picked on the grid or the item's page, as the cart's buttons take them. */
export function cartProductOf(
  item: { id: string; name: string; maxPerOrder: number; shipsFrom: string | null; isAvailable: number },
  variant: { id: string; options: Record<string, string>; price: string; stockQuantity: number },
): CartProduct {
  return {
    variantId: variant.id,
    merchandiseId: item.id,
    name: item.name,
    optionsLabel: Object.values(variant.options).join(" / "),
    price: variant.price,
    maxPerOrder: item.maxPerOrder,
    shipsFrom: item.shipsFrom,
    stockQuantity: variant.stockQuantity,
    isAvailable: item.isAvailable,
  };
}

/** Buy (adds and opens the cart) with Add to cart beside it, for the picked variant. */
export function ShopBuyButtons({ product, size }: { product: CartProduct } & Pick<ButtonProps, "size">) {
  return (
    <div className="flex flex-wrap gap-2">
      <AddToCartButton product={product} buy size={size} />
      {product.isAvailable === 1 && product.stockQuantity > 0 && <AddToCartButton product={product} size={size} />}
    </div>
  );
}

/**
 * Buy and Add to cart for an item and one of its variants (for an item without options, its one
 * default variant): what the landing grid, the shop and the item's page put under an item.
 */
export function ItemBuyButtons({
  item,
  variant,
  size,
}: {
  item: Parameters<typeof cartProductOf>[0];
  variant: Parameters<typeof cartProductOf>[1];
} & Pick<ButtonProps, "size">) {
  return <ShopBuyButtons product={cartProductOf(item, variant)} size={size} />;
}
