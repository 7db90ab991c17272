import { zodResolver } from "@hookform/resolvers/zod";
import { useEffect, useMemo } from "react";
import { useForm } from "react-hook-form";
import { formatMoney, fromCents, ticketTotalCents, toCents } from "@shared/money";
import { merchandiseCheckoutSchema } from "@shared/merchandise-orders";
import { CountField } from "@/components/form-fields/count-field";
import { TextField } from "@/components/form-fields/text-field";
import { Button } from "@/components/ui/button";
import { DialogFooter } from "@/components/ui/dialog";
import { Form } from "@/components/ui/form";
import { showFieldErrors } from "@/lib/form-errors";
import type { BuyableItem } from "../api";

/**
 * The server's checkout rules, plus what the buyer can see of the item: the stock and the most
 * one order may take (the server re-checks both).
 */
function checkoutFormSchema(stock: number, maxPerOrder: number) {
  const { quantity } = merchandiseCheckoutSchema.shape;
  const limited =
    maxPerOrder < stock
      ? quantity.max(maxPerOrder, `At most ${maxPerOrder} per order`)
      : quantity.max(stock, `Only ${stock} left`);
  return merchandiseCheckoutSchema.pick({ customerEmail: true }).extend({ quantity: limited });
}

export type OrderValues = { quantity: number; customerEmail: string };

/** The order's total as "$12.50", or "—" while the quantity is not a whole number above 0. */
export function formatOrderTotal(item: BuyableItem, quantity: number): string {
  const cents = Number.isInteger(quantity) && quantity > 0 ? ticketTotalCents(toCents(item.price), quantity) : null;
  return cents === null ? "—" : formatMoney(fromCents(cents));
}

/** The first step of the Buy dialog: how many, and where the confirmation goes. */
export function MerchandiseOrderForm({
  item,
  customerEmail,
  preparing,
  serverError,
  onSubmit,
  onCancel,
}: {
  item: BuyableItem;
  customerEmail: string;
  preparing: boolean;
  /** The start's failure: a 400's field messages (the item's per-order maximum) go beside the fields. */
  serverError?: unknown;
  onSubmit(values: OrderValues): void;
  onCancel(): void;
}) {
  const schema = useMemo(
    () => checkoutFormSchema(item.stockQuantity, item.maxPerOrder),
    [item.stockQuantity, item.maxPerOrder],
  );
  const form = useForm({ resolver: zodResolver(schema), defaultValues: { quantity: 1, customerEmail } });
  const quantity = form.watch("quantity");
  useEffect(() => {
    if (serverError) showFieldErrors(form, serverError);
  }, [serverError, form]);

  return (
    <Form {...form}>
      <form onSubmit={form.handleSubmit(onSubmit)} noValidate className="grid gap-4">
        <CountField
          control={form.control}
          name="quantity"
          label="Quantity"
          inputMode="numeric"
          min={1}
          max={Math.min(item.maxPerOrder, item.stockQuantity)}
          empty={Number.NaN}
        />
        <TextField control={form.control} name="customerEmail" label="Email" type="email" autoComplete="email" />
        <p className="flex justify-between text-sm" aria-live="polite">
          <span>Total</span>
          <span className="font-semibold tabular-nums">{formatOrderTotal(item, quantity)}</span>
        </p>
        <DialogFooter>
          <Button type="button" variant="outline" onClick={onCancel}>
            Cancel
          </Button>
          <Button type="submit" disabled={preparing}>
            {preparing ? "Preparing payment..." : "Continue to Payment"}
          </Button>
        </DialogFooter>
      </form>
    </Form>
  );
}
