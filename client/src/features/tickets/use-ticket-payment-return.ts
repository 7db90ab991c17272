import type { TicketPurchaseResult } from "@shared/tickets";
import { useSettleReturningPayment } from "@/components/payments/checkout";
import { useCompleteTicketPayment } from "./api";

export const TICKETS_CHECKOUT_RETURN = "tickets";

/** The purchase toast stays the same whether the order was free or paid by card. */
export const TICKETS_SUCCESS_TOAST = {
  title: "Success!",
  description: "Your tickets have been purchased successfully.",
};

/** Return URL for a payment method that needs a redirect: back to this page, marked as ours. */
export function ticketsReturnUrl() {
  return `${window.location.origin}${window.location.pathname}?checkout=${TICKETS_CHECKOUT_RETURN}`;
}

/**
 * A buyer back from a payment redirect: confirm the order with the server and say so;
 * `onPaid` receives the confirmed order for its confirmation card.
 */
export function useTicketPaymentReturn(onPaid: (order: TicketPurchaseResult) => void) {
  const complete = useCompleteTicketPayment();
  useSettleReturningPayment(
    TICKETS_CHECKOUT_RETURN,
    async (paymentIntentId) => onPaid(await complete.mutateAsync(paymentIntentId)),
    TICKETS_SUCCESS_TOAST,
  );
}
