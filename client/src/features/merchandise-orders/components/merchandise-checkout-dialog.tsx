import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { formatMoney } from "@shared/money";
import { Button } from "@/components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "@/components/ui/dialog";
import { appConfigQuery } from "@/lib/app-config";
import { preparePayment, settlePaymentOutcome, type PreparedPayment } from "@/components/payments/checkout";
import { PaymentStep } from "@/components/payments/payment-step";
import { PaymentUnavailable } from "@/components/payments/payment-unavailable";
import type { PaymentOutcome } from "@/components/payments/payment-outcome";
import { useCompleteMerchandiseOrder, useStartMerchandiseCheckout, type BuyableItem } from "../api";
import { MERCHANDISE_SUCCESS_TOAST, merchandiseReturnUrl } from "../use-merchandise-payment-return";
import { formatOrderTotal, MerchandiseOrderForm, type OrderValues } from "./merchandise-order-form";

type Order = OrderValues & { total: string };
type CheckoutProps = { item: BuyableItem; variantId?: string; customerEmail?: string; onClose(): void };

/**
 * Buy dialog: quantity and e-mail, then card payment. Closing starts over. When payments are
 * not configured it says so as it opens, before asking for anything.
 */
export function MerchandiseCheckoutDialog({ open, ...props }: CheckoutProps & { open: boolean }) {
  return (
    <Dialog open={open} onOpenChange={(next) => !next && props.onClose()}>
      {open && <CheckoutContent {...props} />}
    </Dialog>
  );
}

function CheckoutContent({ item, variantId, customerEmail = "", onClose }: CheckoutProps) {
  const queryClient = useQueryClient();
  // A failed read of the settings falls through to the form: preparing the payment reads
  // them again and says what went wrong.
  const config = useQuery(appConfigQuery);
  const unavailable = config.isSuccess && !config.data.stripePublishableKey;
  const start = useStartMerchandiseCheckout();
  const complete = useCompleteMerchandiseOrder();
  const [order, setOrder] = useState<Order | null>(null);
  const [payment, setPayment] = useState<PreparedPayment | null>(null);
  const [preparing, setPreparing] = useState(false);

  async function submit(values: OrderValues) {
    setPreparing(true);
    const prepared = await preparePayment(queryClient, () =>
      start.mutateAsync({ merchandiseId: item.id, variantId, ...values }),
    );
    setPreparing(false);
    if (!prepared) return;
    setOrder({ ...values, total: formatOrderTotal(item, values.quantity) });
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
      {config.isPending ? (
        <p role="status" className="text-sm text-muted-foreground">
          Checking payment options...
        </p>
      ) : unavailable ? (
        <>
          <PaymentUnavailable />
          <DialogFooter>
            <Button type="button" variant="outline" onClick={onClose}>
              Close
            </Button>
          </DialogFooter>
        </>
      ) : payment && order ? (
        <PaymentStep
          payment={payment}
          summary={
            <>
              <p className="flex justify-between gap-4">
                <span>
                  {order.quantity} × {item.name}
                </span>
                <span className="font-semibold tabular-nums">{order.total}</span>
              </p>
              <p className="text-muted-foreground">Confirmation to {order.customerEmail}</p>
            </>
          }
          returnUrl={merchandiseReturnUrl()}
          payLabel={`Pay ${order.total}`}
          onOutcome={handleOutcome}
        />
      ) : (
        <MerchandiseOrderForm
          item={item}
          customerEmail={customerEmail}
          preparing={preparing}
          serverError={start.error}
          onSubmit={(values) => void submit(values)}
          onCancel={onClose}
        />
      )}
    </DialogContent>
  );
}
