import { zodResolver } from "@hookform/resolvers/zod";
import type { UseQueryResult } from "@tanstack/react-query";
import { CircleAlert } from "lucide-react";
import { useEffect } from "react";
import { useForm, type ControllerRenderProps } from "react-hook-form";
import { VENDOR_SPOT_TYPES, VENDOR_SPOTS, type VendorSpotType } from "@shared/constants";
import { formatMoney } from "@shared/money";
import { spotSelectionSchema, type SpotSelection } from "@shared/vendor-bookings";
import type { VendorSlotAvailability } from "@shared/vendor-slots";
import { Button } from "@/components/ui/button";
import { DialogFooter } from "@/components/ui/dialog";
import { Form, FormField, FormItem, FormMessage, useFormField } from "@/components/ui/form";
import { showFieldErrors } from "@/lib/form-errors";
import { cn } from "@/lib/utils";
import { slotRemainingText } from "@/lib/vendor-slots";

const NOTE_ID = "spot-availability-note";

const isSoldOut = (slot: VendorSlotAvailability | undefined) => !!slot && (slot.soldOut || slot.remaining <= 0);

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
 * The radio buttons of the spot types, as one group: the legend names it, the note about the
 * counts and a refused spot's message (from the form) describe it.
 */
function SpotChoices({
  field,
  value,
  slots,
  note,
  onChange,
}: {
  field: ControllerRenderProps<SpotSelection, "spotType">;
  value: VendorSpotType | null;
  slots: Map<string, VendorSlotAvailability>;
  note: string | null;
  onChange(value: VendorSpotType): void;
}) {
  const { error, formMessageId } = useFormField();
  const describedBy = [note && NOTE_ID, error?.message && formMessageId].filter(Boolean).join(" ") || undefined;
  // A message from the server focuses the chosen spot (or the first that can be chosen).
  const focusTarget = value ?? VENDOR_SPOT_TYPES.find((key) => !isSoldOut(slots.get(key)));
  return (
    <fieldset className="grid gap-3" aria-describedby={describedBy}>
      <legend className="mb-3 text-sm font-medium">Choose your spot</legend>
      {VENDOR_SPOT_TYPES.map((key) => {
        const spot = VENDOR_SPOTS[key];
        const slot = slots.get(key);
        const soldOut = isSoldOut(slot);
        return (
          <label
            key={key}
            className={cn(
              "flex items-center gap-3 rounded-lg border p-4 transition-colors has-[:checked]:border-primary has-[:checked]:bg-primary/10 has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-ring",
              soldOut ? "cursor-not-allowed opacity-60" : "cursor-pointer hover:bg-accent/50",
            )}
          >
            <input
              ref={key === focusTarget ? field.ref : undefined}
              type="radio"
              name={field.name}
              value={key}
              checked={value === key}
              disabled={soldOut}
              onBlur={field.onBlur}
              onChange={() => {
                field.onChange(key);
                onChange(key);
              }}
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
                  className={cn("text-xs font-medium tabular-nums", soldOut ? "text-muted-foreground" : "text-primary")}
                >
                  {slotRemainingText(slot)}
                </span>
              )}
            </span>
          </label>
        );
      })}
    </fieldset>
  );
}

/**
 * Step 1, the spot: native radio buttons, so arrow keys move between spots and the
 * group is announced as one choice. Each spot says how many are left; a sold-out one is
 * disabled. The form checks the choice with the shared schema, and a 400 that refused the
 * spot (`serverError`, from the start of the payment) shows its message beside the spots.
 */
export function SpotSelectionStep({
  value,
  onChange,
  onContinue,
  availability,
  notice,
  serverError,
}: {
  value: VendorSpotType | null;
  onChange(value: VendorSpotType): void;
  onContinue(): void;
  availability: UseQueryResult<VendorSlotAvailability[]>;
  /** Why the vendor is back here (the server's 409 message). */
  notice: string | null;
  /** The start's 400, when it refused the spot. */
  serverError?: unknown;
}) {
  const slots = new Map(availability.data?.map((slot) => [slot.spotType, slot]));
  const note = availabilityNote(availability);
  // The dialog's flow keeps the choice (it picks a spot with room for the vendor); the form
  // follows it.
  const form = useForm<SpotSelection>({
    resolver: zodResolver(spotSelectionSchema),
    defaultValues: value ? { spotType: value } : {},
  });
  useEffect(() => {
    if (value && form.getValues("spotType") !== value) form.setValue("spotType", value);
  }, [value, form]);
  useEffect(() => {
    if (serverError) showFieldErrors(form, serverError);
  }, [serverError, form]);

  return (
    <Form {...form}>
      <form className="grid gap-4" noValidate onSubmit={form.handleSubmit(() => value && onContinue())}>
        {notice && (
          <p role="alert" className="flex items-start gap-2 rounded-md border border-destructive/50 p-3 text-sm">
            <CircleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-destructive" />
            {notice}
          </p>
        )}
        <FormField
          control={form.control}
          name="spotType"
          render={({ field }) => (
            <FormItem className="gap-3">
              <SpotChoices
                field={field}
                value={value}
                slots={slots}
                note={note}
                onChange={(spot) => {
                  form.clearErrors("spotType");
                  onChange(spot);
                }}
              />
              <FormMessage />
            </FormItem>
          )}
        />
        {note && (
          <p id={NOTE_ID} className="text-sm text-muted-foreground">
            {note}
          </p>
        )}
        <DialogFooter>
          <Button type="submit" disabled={!value}>
            Continue
          </Button>
        </DialogFooter>
      </form>
    </Form>
  );
}
