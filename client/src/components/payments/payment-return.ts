import { useEffect, useEffectEvent } from "react";

/**
 * When a payment method needs a redirect (a bank page, some 3-D Secure flows), Stripe sends
 * the buyer back to the return URL with `payment_intent` and `redirect_status` added.
 */
export type PaymentReturn = {
  paymentIntentId: string;
  redirectStatus: string;
  /** Which checkout made the return URL (`checkout=` parameter), null when none was set. */
  checkout: string | null;
};

const STRIPE_RETURN_PARAMS = ["payment_intent", "payment_intent_client_secret", "redirect_status", "checkout"];

export function readPaymentReturn(search: string = window.location.search): PaymentReturn | null {
  const params = new URLSearchParams(search);
  const paymentIntentId = params.get("payment_intent");
  if (!paymentIntentId) return null;
  return { paymentIntentId, redirectStatus: params.get("redirect_status") ?? "", checkout: params.get("checkout") };
}

/** Removes Stripe's parameters (the client secret among them) from the address bar. */
export function clearPaymentReturn() {
  const url = new URL(window.location.href);
  for (const name of STRIPE_RETURN_PARAMS) url.searchParams.delete(name);
  window.history.replaceState(window.history.state, "", `${url.pathname}${url.search}${url.hash}`);
}

// Ids already handled in this page's life, so several mounted components settle a return once.
const handled = new Set<string>();

/** Runs `onReturn` once when the page was opened by Stripe's redirect for `checkout`. */
export function usePaymentReturn(checkout: string | null, onReturn: (result: PaymentReturn) => void) {
  const settle = useEffectEvent(onReturn);
  useEffect(() => {
    const result = readPaymentReturn();
    if (!result || result.checkout !== checkout || handled.has(result.paymentIntentId)) return;
    handled.add(result.paymentIntentId);
    clearPaymentReturn();
    settle(result);
  }, [checkout]);
}
