import { Check, ShoppingCart } from "lucide-react";
import { useEffect, useState } from "react";
import { Button } from "@/components/ui/button";

/**
 * Puts a download in the shop's cart: the whole release (at `amount` when it is name-your-price)
 * or one `track`. The page hands it in, since the cart is another feature's.
 */
export type AddToCart = (track: { id: string; title: string } | null, amount?: string) => void;

/** How long "Added" stays on a button after a click, as on the shop's "Add to cart". */
const ADDED_FOR_MS = 2000;

/** True for a moment after `flash()`: the button says "Added", then what it said before. */
export function useAddedFlash(): [boolean, () => void] {
  const [added, setAdded] = useState(false);
  useEffect(() => {
    if (!added) return;
    const timer = setTimeout(() => setAdded(false), ADDED_FOR_MS);
    return () => clearTimeout(timer);
  }, [added]);
  return [added, () => setAdded(true)];
}

/** "Added" with its tick, or "Add to cart" with the cart (only the icon on a phone when `compact`). */
export function AddToCartLabel({ added, compact = false }: { added: boolean; compact?: boolean }) {
  return added ? (
    <>
      <Check aria-hidden="true" />
      <span className={compact ? "max-sm:sr-only" : undefined}>Added</span>
    </>
  ) : (
    <>
      <ShoppingCart aria-hidden="true" />
      <span className={compact ? "max-sm:sr-only" : undefined}>Add to cart</span>
    </>
  );
}

/**
 * A single track's "Add to cart", beside its Buy, for a release that sells tracks on their own:
 * named with the track ("Add Low Tide to cart"), only the icon on a phone so the row still fits.
 */
export function TrackAddButton({ track, onAdd }: { track: { id: string; title: string }; onAdd: AddToCart }) {
  const [added, flash] = useAddedFlash();
  return (
    <Button
      type="button"
      size="sm"
      variant="outline"
      className="max-sm:size-9 max-sm:px-0"
      aria-label={added ? `${track.title} added to cart` : `Add ${track.title} to cart`}
      onClick={() => {
        onAdd(track);
        flash();
      }}
    >
      <AddToCartLabel added={added} compact />
    </Button>
  );
}
