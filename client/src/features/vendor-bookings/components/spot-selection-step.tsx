import { VENDOR_SPOT_TYPES, VENDOR_SPOTS, type VendorSpotType } from "@shared/constants";
import { formatMoney } from "@shared/money";
import { Button } from "@/components/ui/button";
import { DialogFooter } from "@/components/ui/dialog";

/**
 * Step 1, the spot: native radio buttons, so arrow keys move between spots and the
 * group is announced as one choice.
 */
export function SpotSelectionStep({
  value,
  onChange,
  onContinue,
}: {
  value: VendorSpotType;
  onChange(value: VendorSpotType): void;
  onContinue(): void;
}) {
  return (
    <form
      className="grid gap-4"
      onSubmit={(event) => {
        event.preventDefault();
        onContinue();
      }}
    >
      <fieldset className="grid gap-3">
        <legend className="mb-3 text-sm font-medium">Choose your spot</legend>
        {VENDOR_SPOT_TYPES.map((key) => {
          const spot = VENDOR_SPOTS[key];
          return (
            <label
              key={key}
              className="flex cursor-pointer items-center gap-3 rounded-lg border p-4 transition-colors hover:bg-accent/50 has-[:checked]:border-primary has-[:checked]:bg-primary/10 has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-ring"
            >
              <input
                type="radio"
                name="spotType"
                value={key}
                checked={value === key}
                onChange={() => onChange(key)}
                className="size-4 shrink-0 accent-primary outline-hidden"
              />
              <span className="grid min-w-0 flex-1 gap-0.5">
                <span className="font-medium">{spot.label}</span>
                <span className="text-sm text-muted-foreground">{spot.description}</span>
              </span>
              <span className="font-semibold tabular-nums">{formatMoney(spot.price)}</span>
            </label>
          );
        })}
      </fieldset>
      <DialogFooter>
        <Button type="submit">Continue</Button>
      </DialogFooter>
    </form>
  );
}
