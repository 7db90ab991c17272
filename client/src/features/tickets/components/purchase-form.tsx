import { zodResolver } from "@hookform/resolvers/zod";
import { useEffect, useState } from "react";
import { useForm, type UseFormReturn } from "react-hook-form";
import type { Event } from "@shared/events";
import { formatMoney, fromCents, ticketTotalCents, toCents } from "@shared/money";
import { purchaseTicketsSchema } from "@shared/tickets";
import { Button } from "@/components/ui/button";
import { DialogFooter } from "@/components/ui/dialog";
import { Form, FormControl, FormDescription, FormField, FormItem, FormLabel, FormMessage } from "@/components/ui/form";
import { Input } from "@/components/ui/input";
import { useTicketQuote } from "../api";
import { parseTicketQuantity } from "../quantity";
import { PromoCodeField, quoteErrorMessage, type AppliedCode } from "./promo-code-field";

export type PurchasableEvent = Pick<
  Event,
  "id" | "name" | "artist" | "ticketPrice" | "availableTickets" | "maxPerOrder"
>;

/** The purchase's own rule for the one field the buyer fills in (the event is the dialog's). */
const purchaseFormSchema = purchaseTicketsSchema.pick({ quantity: true });
export type PurchaseFormValues = { quantity: number };

/**
 * The form's state, kept by the dialog so a refusal's `fieldErrors` (a quantity over the
 * event's per-order cap) go beside the field (lib/form-errors.ts, showFieldErrors).
 */
export function usePurchaseForm(): UseFormReturn<PurchaseFormValues> {
  return useForm<PurchaseFormValues>({ resolver: zodResolver(purchaseFormSchema), defaultValues: { quantity: 1 } });
}

/**
 * Number of Tickets, price per ticket and total; Confirm Purchase hands the quantity on. It is
 * not an HTML form: Enter in the field confirms nothing, only the button does.
 */
export function PurchaseForm({
  event,
  form,
  pending,
  onConfirm,
  onCancel,
}: {
  event: PurchasableEvent;
  form: UseFormReturn<PurchaseFormValues>;
  pending: boolean;
  onConfirm: (quantity: number, code?: string) => void;
  onCancel: () => void;
}) {
  const [applied, setApplied] = useState<AppliedCode | null>(null);
  const requote = useTicketQuote();
  // What the field shows. It may be empty while the user retypes the number; the quantity
  // is then 1 (non-numeric input falls back to 1) and the field says so on blur.
  const [typed, setTyped] = useState("1");
  const available = event.availableTickets;
  // One order takes at most the event's per-order cap, and never more than are left.
  const max = Math.min(event.maxPerOrder, available);
  const quantity = parseTicketQuantity(typed, max);
  const soldOut = available < 1;
  // A refused purchase refreshes the event: the field then shows no more than what is left.
  const [shownMax, setShownMax] = useState(max);
  if (shownMax !== max) {
    setShownMax(max);
    if (typed !== "") setTyped(String(parseTicketQuantity(typed, max)));
  }
  // A code's discount depends on the quantity (one use per ticket): priced again when it changes.
  const appliedCode = applied?.code;
  useEffect(() => {
    if (!appliedCode) return;
    requote.mutate(
      { eventId: event.id, quantity, code: appliedCode },
      {
        onSuccess: (quote) => setApplied({ code: appliedCode, quote }),
        onError: (error) => {
          setApplied(null);
          form.setError("quantity", { message: quoteErrorMessage(error) });
        },
      },
    );
    // eslint-disable-next-line react-hooks/exhaustive-deps -- priced again only when the quantity changes
  }, [quantity]);
  const fullCents = ticketTotalCents(toCents(event.ticketPrice), quantity);
  const totalCents = applied && fullCents !== null ? toCents(applied.quote.total) : fullCents;
  const discount = applied && applied.quote.discount !== "0.00" ? applied.quote.discount : null;
  const hint = soldOut
    ? "Sold out: no tickets are left for this event."
    : event.maxPerOrder < available
      ? `${available} available · up to ${event.maxPerOrder} per order`
      : `${available} available`;

  return (
    <Form {...form}>
      <div className="grid gap-4">
        <FormField
          control={form.control}
          name="quantity"
          render={({ field }) => (
            <FormItem>
              <FormLabel>Number of Tickets</FormLabel>
              <FormControl>
                <Input
                  ref={field.ref}
                  name={field.name}
                  type="number"
                  inputMode="numeric"
                  min={1}
                  max={Math.max(max, 1)}
                  disabled={soldOut}
                  step={1}
                  value={typed}
                  onChange={(e) => {
                    const value = e.target.value;
                    setTyped(value === "" ? "" : String(parseTicketQuantity(value, max)));
                    field.onChange(parseTicketQuantity(value, max));
                  }}
                  onBlur={() => {
                    setTyped(String(quantity));
                    field.onBlur();
                  }}
                />
              </FormControl>
              <FormDescription aria-live="polite">{hint}</FormDescription>
              <FormMessage />
            </FormItem>
          )}
        />
        <PromoCodeField
          eventId={event.id}
          quantity={quantity}
          applied={applied}
          onApplied={setApplied}
          disabled={soldOut}
        />
        <dl className="grid gap-2 rounded-md border p-4 text-sm">
          <div className="flex justify-between gap-4">
            <dt className="text-muted-foreground">Price per ticket</dt>
            <dd>{formatMoney(event.ticketPrice)}</dd>
          </div>
          {applied && discount && (
            <div className="flex justify-between gap-4">
              <dt className="text-muted-foreground">Discount ({applied.code})</dt>
              <dd>−{formatMoney(discount)}</dd>
            </div>
          )}
          <div className="flex justify-between gap-4 border-t pt-2 text-base font-semibold">
            <dt>Total</dt>
            <dd aria-live="polite">
              {totalCents === null ? "Too large for one purchase" : formatMoney(fromCents(totalCents))}
            </dd>
          </div>
        </dl>
      </div>
      <DialogFooter>
        <Button type="button" variant="outline" onClick={onCancel}>
          Cancel
        </Button>
        <Button
          type="button"
          onClick={form.handleSubmit(() => onConfirm(quantity, applied?.code))}
          disabled={pending || requote.isPending || totalCents === null || soldOut}
        >
          {pending ? "Processing..." : "Confirm Purchase"}
        </Button>
      </DialogFooter>
    </Form>
  );
}
