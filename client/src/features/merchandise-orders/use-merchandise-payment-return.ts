import { useSettleReturningPayment } from "@/components/payments/checkout";
import { useCompleteMerchandiseOrder } from "./api";

export const MERCHANDISE_CHECKOUT_RETURN = "merchandise";

export const MERCHANDISE_SUCCESS_TOAST = {
  title: "Payment Successful!",
  description: "Your order is confirmed. Thank you!",
};

/** Return URL for a payment method that needs a redirect: back to this page, marked as ours. */
export function merchandiseReturnUrl() {
  return `${window.location.origin}${window.location.pathname}?checkout=${MERCHANDISE_CHECKOUT_RETURN}`;
}

/** A buyer back from a payment redirect: confirm the order with the server and say so. */
export function useMerchandisePaymentReturn() {
  const complete = useCompleteMerchandiseOrder();
  useSettleReturningPayment(
    MERCHANDISE_CHECKOUT_RETURN,
    (paymentIntentId) => complete.mutateAsync(paymentIntentId),
    MERCHANDISE_SUCCESS_TOAST,
  );
}
