import type { UseQueryResult } from "@tanstack/react-query";
import { CircleAlert } from "lucide-react";
import { VENDOR_SPOT_TYPES, VENDOR_SPOTS, type VendorSpotType } from "@shared/constants";
import { formatMoney } from "@shared/money";
import type { VendorSlotAvailability } from "@shared/vendor-slots";
import { Button } from "@/components/ui/button";
import { DialogFooter } from "@/components/ui/dialog";
import { cn } from "@/lib/utils";
import { slotRemainingText } from "@/lib/vendor-slots";

/** What the vendor reads about the counts under the spots. */
function availabilityNote(availability: UseQueryResult<VendorSlotAvailability[]>): string | null {
  if (availability.isPending) return "Checking which spots are left…";
  if (availability.isError) return "Spot availability could not be checked right now; the booking still checks it.";
  const slots = availability.data;
  if (slots.every((slot) => slot.soldOut || slot.remaining <= 0)) return "Every vendor spot for this show is sold out.";
  if (slots.some((slot) => slot.soldOut || slot.remaining <= 0))
    return "Sold-out spots cannot be booked for this show.";
  return null;
}

/**
 * Step 1, the spot: native radio buttons, so arrow keys move between spots and the
 * group is announced as one choice. Each spot says how many are left; a sold-out one is
 * disabled.
 */
export function SpotSelectionStep({
  value,
  onChange,
  onContinue,
  availability,
  notice,
}: {
  value: VendorSpotType | null;
  onChange(value: VendorSpotType): void;
  onContinue(): void;
  availability: UseQueryResult<VendorSlotAvailability[]>;
  /** Why the vendor is back here (the server's 409 message). */
  notice: string | null;
}) {
  const slots = new Map(availability.data?.map((slot) => [slot.spotType, slot]));
  const note = availabilityNote(availability);
  return (
    <form
      className="grid gap-4"
      onSubmit={(event) => {
        event.preventDefault();
        if (value) onContinue();
      }}
    >
      {notice && (
        <p role="alert" className="flex items-start gap-2 rounded-md border border-destructive/50 p-3 text-sm">
          <CircleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-destructive" />
          {notice}
        </p>
      )}
      <fieldset className="grid gap-3" aria-describedby={note ? "spot-availability-note" : undefined}>
        <legend className="mb-3 text-sm font-medium">Choose your spot</legend>
        {VENDOR_SPOT_TYPES.map((key) => {
          const spot = VENDOR_SPOTS[key];
          const slot = slots.get(key);
          const soldOut = !!slot && (slot.soldOut || slot.remaining <= 0);
          return (
            <label
              key={key}
              className={cn(
                "flex items-center gap-3 rounded-lg border p-4 transition-colors has-[:checked]:border-primary has-[:checked]:bg-primary/10 has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-ring",
                soldOut ? "cursor-not-allowed opacity-60" : "cursor-pointer hover:bg-accent/50",
              )}
            >
              <input
                type="radio"
                name="spotType"
                value={key}
                checked={value === key}
                disabled={soldOut}
                onChange={() => onChange(key)}
                className="size-4 shrink-0 accent-primary outline-hidden"
              />
              <span className="grid min-w-0 flex-1 gap-0.5">
                <span className="font-medium">{spot.label}</span>
                <span className="text-sm text-muted-foreground">{spot.description}</span>
              </span>
              <span className="grid justify-items-end gap-0.5">
                <span className="font-semibold tabular-nums">{formatMoney(spot.price)}</span>
                {slot && (
                  <span
                    className={cn(
                      "text-xs font-medium tabular-nums",
                      soldOut ? "text-muted-foreground" : "text-primary",
                    )}
                  >
                    {slotRemainingText(slot)}
                  </span>
                )}
              </span>
            </label>
          );
        })}
      </fieldset>
      {note && (
        <p id="spot-availability-note" className="text-sm text-muted-foreground">
          {note}
        </p>
      )}
      <DialogFooter>
        <Button type="submit" disabled={!value}>
          Continue
        </Button>
      </DialogFooter>
    </form>
  );
}
