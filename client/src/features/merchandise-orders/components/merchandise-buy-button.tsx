import { lazy, Suspense, useState } from "react";
import { merchPagePath } from "@shared/routes";
import { Button, type ButtonProps } from "@/components/ui/button";
import type { BuyableItem, BuyableVariant } from "../api";

// The dialog (and Stripe's loader with it) is fetched on the first click, so the public
// landing that shows these buttons stays light.
const MerchandiseCheckoutDialog = lazy(() =>
  import("./merchandise-checkout-dialog").then((m) => ({ default: m.MerchandiseCheckoutDialog })),
);

/**
 * The single-item Buy: for an item with options (on the landing grid and in the shop), a link to
 * its page, where they are chosen and the cart takes the combination; otherwise it opens the
 * one-item checkout dialog (the pages sell items without options through the cart instead).
 * Disabled, and saying why, when the item is unavailable or out of stock. The page showing it
 * calls useMerchandisePaymentReturn() once, for buyers back from a redirect.
 */
export function MerchandiseBuyButton({
  item: listed,
  variant,
  className,
  size,
  customerEmail,
}: {
  item: BuyableItem;
  /** The chosen combination of an item with options: its price and stock are the ones bought. */
  variant?: BuyableVariant;
  /** Fills in the e-mail for a signed-in buyer. */
  customerEmail?: string;
} & Pick<ButtonProps, "className" | "size">) {
  const [open, setOpen] = useState(false);
  const item: BuyableItem = variant
    ? {
        ...listed,
        name: variant.label ? `${listed.name} (${variant.label})` : listed.name,
        price: variant.price,
        stockQuantity: variant.stockQuantity,
      }
    : listed;
  const reason = item.isAvailable !== 1 ? "Unavailable" : item.stockQuantity <= 0 ? "Out of stock" : null;

  // An item with options is bought from its page, where its size and colour are chosen.
  if (!variant && listed.options.length > 0 && reason === null) {
    return (
      <Button asChild className={className} size={size}>
        <a href={merchPagePath(listed.id)} aria-label={`Buy ${listed.name}: choose its options`}>
          Buy
        </a>
      </Button>
    );
  }

  return (
    <>
      <Button type="button" className={className} size={size} disabled={reason !== null} onClick={() => setOpen(true)}>
        {reason ?? "Buy"}
      </Button>
      {reason === null && open && (
        <Suspense fallback={null}>
          <MerchandiseCheckoutDialog
            item={item}
            variantId={variant?.id}
            customerEmail={customerEmail}
            open={open}
            onClose={() => setOpen(false)}
          />
        </Suspense>
      )}
    </>
  );
}
