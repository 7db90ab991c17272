import { lazy, Suspense, useState } from "react";
import { Button, type ButtonProps } from "@/components/ui/button";
import type { BuyableItem } from "../api";

// The dialog (and Stripe's loader with it) is fetched on the first click, so the public
// landing that shows these buttons stays light.
const MerchandiseCheckoutDialog = lazy(() =>
  import("./merchandise-checkout-dialog").then((m) => ({ default: m.MerchandiseCheckoutDialog })),
);

/**
 * The Buy button of the landing page and the shop: opens the checkout dialog;
 * disabled, and saying why, when the item is unavailable or out of stock. The page showing
 * the buttons calls useMerchandisePaymentReturn() once, for buyers back from a redirect.
 */
export function MerchandiseBuyButton({
  item,
  className,
  size,
  customerEmail,
}: {
  item: BuyableItem;
  /** Fills in the e-mail for a signed-in buyer. */
  customerEmail?: string;
} & Pick<ButtonProps, "className" | "size">) {
  const [open, setOpen] = useState(false);
  const reason = item.isAvailable !== 1 ? "Unavailable" : item.stockQuantity <= 0 ? "Out of stock" : null;

  return (
    <>
      <Button type="button" className={className} size={size} disabled={reason !== null} onClick={() => setOpen(true)}>
        {reason ?? "Buy"}
      </Button>
      {reason === null && open && (
        <Suspense fallback={null}>
          <MerchandiseCheckoutDialog
            item={item}
            customerEmail={customerEmail}
            open={open}
            onClose={() => setOpen(false)}
          />
        </Suspense>
      )}
    </>
  );
}
