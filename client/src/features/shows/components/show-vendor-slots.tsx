import { Store } from "lucide-react";
import { Link } from "wouter";
import { VENDOR_SPOTS } from "@shared/constants";
import { formatMoney } from "@shared/money";
import type { VendorSlotAvailability } from "@shared/vendor-slots";
import { Button } from "@/components/ui/button";
import { cn } from "@/lib/utils";
import { slotRemainingText } from "@/lib/vendor-slots";
import { ShowPanel } from "./show-panel";

/** The vendor page opens this show's booking dialog from the query. */
export const vendorBookingPath = (showId: string) => `/vendor-booking?show=${encodeURIComponent(showId)}`;

/** Food-vendor spots per type (label, price, how many are left) and the way to book one. */
export function ShowVendorSlots({ showId, slots }: { showId: string; slots: readonly VendorSlotAvailability[] }) {
  const anyLeft = slots.some((slot) => !slot.soldOut && slot.remaining > 0);
  return (
    <ShowPanel title="Food vendor spots">
      <ul className="divide-y rounded-lg border">
        {slots.map((slot) => {
          const spot = VENDOR_SPOTS[slot.spotType];
          const remaining = slotRemainingText(slot);
          return (
            <li key={slot.spotType} className="flex flex-wrap items-center justify-between gap-x-4 gap-y-1 px-4 py-3">
              <span className="font-medium">{spot.label}</span>
              <span className="flex items-center gap-3 text-sm">
                <span className="tabular-nums">{formatMoney(spot.price)}</span>
                <span
                  className={cn(
                    "min-w-16 text-right font-medium tabular-nums",
                    remaining === "Sold out" ? "text-muted-foreground" : "text-primary",
                  )}
                >
                  {remaining}
                </span>
              </span>
            </li>
          );
        })}
      </ul>
      {anyLeft ? (
        <Button asChild className="w-full sm:w-fit">
          <Link href={vendorBookingPath(showId)}>
            <Store aria-hidden="true" />
            Book Vendor Slot
          </Link>
        </Button>
      ) : (
        <p className="text-sm text-muted-foreground">Every vendor spot for this show is sold out.</p>
      )}
    </ShowPanel>
  );
}
