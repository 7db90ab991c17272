import { zodResolver } from "@hookform/resolvers/zod";
import { useQueryClient } from "@tanstack/react-query";
import { useMemo, useState } from "react";
import { useForm } from "react-hook-form";
import { formatMoney, fromCents, multiplyCents, toCents } from "@shared/money";
import { merchandiseCheckoutSchema } from "@shared/merchandise-orders";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { Form, FormControl, FormField, FormItem, FormLabel, FormMessage } from "@/components/ui/form";
import { Input } from "@/components/ui/input";
import { preparePayment, settlePaymentOutcome, type PreparedPayment } from "@/features/payments/checkout";
import { PaymentStep } from "@/features/payments/components/payment-step";
import type { PaymentOutcome } from "@/features/payments/payment-outcome";
import { useCompleteMerchandiseOrder, useStartMerchandiseCheckout, type BuyableItem } from "../api";
import { MERCHANDISE_SUCCESS_TOAST, merchandiseReturnUrl } from "../use-merchandise-payment-return";

/**
 * The server's checkout rules, plus what the buyer can see of the item: the stock and the most
 * one order may take (the server re-checks both).
 */
function checkoutFormSchema(item: BuyableItem) {
  const { quantity } = merchandiseCheckoutSchema.shape;
  const limited =
    item.maxPerOrder < item.stockQuantity
      ? quantity.max(item.maxPerOrder, `At most ${item.maxPerOrder} per order`)
      : quantity.max(item.stockQuantity, `Only ${item.stockQuantity} left`);
  return merchandiseCheckoutSchema.pick({ customerEmail: true }).extend({ quantity: limited });
}

type Order = { quantity: number; customerEmail: string; totalCents: number };

/** Buy dialog (issue 6, point 8): quantity and e-mail, then card payment. Closing starts over. */
export function MerchandiseCheckoutDialog({ item, open, onClose }: { item: BuyableItem; open: boolean; onClose(): void }) {
  return (
    <Dialog open={open} onOpenChange={(next) => !next && onClose()}>
      {open && <CheckoutContent item={item} onClose={onClose} />}
    </Dialog>
  );
}

function CheckoutContent({ item, onClose }: { item: BuyableItem; onClose(): void }) {
  const queryClient = useQueryClient();
  const start = useStartMerchandiseCheckout();
  const complete = useCompleteMerchandiseOrder();
  const [order, setOrder] = useState<Order | null>(null);
  const [payment, setPayment] = useState<PreparedPayment | null>(null);
  const [preparing, setPreparing] = useState(false);
  const schema = useMemo(() => checkoutFormSchema(item), [item]);
  const form = useForm({ resolver: zodResolver(schema), defaultValues: { quantity: 1, customerEmail: "" } });
  const quantity = form.watch("quantity");
  const unitCents = toCents(item.price);
  const totalCents = Number.isInteger(quantity) && quantity > 0 ? multiplyCents(unitCents, quantity) : null;

  async function submit(values: { quantity: number; customerEmail: string }) {
    setPreparing(true);
    const prepared = await preparePayment(queryClient, () => start.mutateAsync({ merchandiseId: item.id, ...values }));
    setPreparing(false);
    if (!prepared) return;
    setOrder({ ...values, totalCents: multiplyCents(unitCents, values.quantity) });
    setPayment(prepared);
  }

  async function handleOutcome(outcome: PaymentOutcome) {
    if (await settlePaymentOutcome(outcome, (id) => complete.mutateAsync(id), MERCHANDISE_SUCCESS_TOAST)) onClose();
  }

  return (
    <DialogContent onInteractOutside={(event) => payment && event.preventDefault()}>
      <DialogHeader>
        <DialogTitle>Buy {item.name}</DialogTitle>
        <DialogDescription>
          {formatMoney(item.price)} each · {item.stockQuantity} in stock
          {item.maxPerOrder < item.stockQuantity && ` · up to ${item.maxPerOrder} per order`}
        </DialogDescription>
      </DialogHeader>
      {payment && order ? (
        <PaymentStep
          payment={payment}
          summary={
            <>
              <p className="flex justify-between gap-4">
                <span>
                  {order.quantity} × {item.name}
                </span>
                <span className="font-semibold tabular-nums">{formatMoney(fromCents(order.totalCents))}</span>
              </p>
              <p className="text-muted-foreground">Confirmation to {order.customerEmail}</p>
            </>
          }
          returnUrl={merchandiseReturnUrl()}
          payLabel={`Pay ${formatMoney(fromCents(order.totalCents))}`}
          onOutcome={handleOutcome}
        />
      ) : (
        <Form {...form}>
          <form onSubmit={form.handleSubmit(submit)} noValidate className="grid gap-4">
            <FormField
              control={form.control}
              name="quantity"
              render={({ field }) => (
                <FormItem>
                  <FormLabel>Quantity</FormLabel>
                  <FormControl>
                    <Input
                      type="number"
                      inputMode="numeric"
                      min={1}
                      max={Math.min(item.maxPerOrder, item.stockQuantity)}
                      step={1}
                      name={field.name}
                      ref={field.ref}
                      onBlur={field.onBlur}
                      value={Number.isNaN(field.value) ? "" : field.value}
                      onChange={(event) => field.onChange(event.target.valueAsNumber)}
                    />
                  </FormControl>
                  <FormMessage />
                </FormItem>
              )}
            />
            <FormField
              control={form.control}
              name="customerEmail"
              render={({ field }) => (
                <FormItem>
                  <FormLabel>Email</FormLabel>
                  <FormControl>
                    <Input type="email" autoComplete="email" {...field} />
                  </FormControl>
                  <FormMessage />
                </FormItem>
              )}
            />
            <p className="flex justify-between text-sm" aria-live="polite">
              <span>Total</span>
              <span className="font-semibold tabular-nums">{totalCents === null ? "—" : formatMoney(fromCents(totalCents))}</span>
            </p>
            <DialogFooter>
              <Button type="button" variant="outline" onClick={onClose}>
                Cancel
              </Button>
              <Button type="submit" disabled={preparing}>
                {preparing ? "Preparing payment..." : "Continue to Payment"}
              </Button>
            </DialogFooter>
          </form>
        </Form>
      )}
    </DialogContent>
  );
}
