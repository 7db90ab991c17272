import type { QueryClient } from "@tanstack/react-query";
import { toast, type ToastInput } from "@/hooks/use-toast";
import { errorMessage } from "@/lib/api-request";
import { appConfigQuery } from "@/lib/app-config";
import { notifyPaymentUnavailable } from "./payment-unavailable";
import { PAYMENT_PROCESSING_TOAST, toastForUnsuccessful, type PaymentOutcome } from "./payment-outcome";
import { usePaymentReturn } from "./payment-return";

/** What the payment step shows: a PaymentIntent to confirm, or the payments-unavailable notice. */
export type PreparedPayment = { kind: "card"; publishableKey: string; clientSecret: string } | { kind: "unavailable" };

/**
 * Opens the payment step of a checkout. Without Stripe keys nothing is sent to the server
 * (so no booking or reservation is left behind) and the 'Payment Not Available' toast is
 * raised; otherwise `createIntent` runs. Null (after an 'Error' toast) when
 * the intent could not be created.
 */
export async function preparePayment(
  queryClient: QueryClient,
  createIntent: () => Promise<{ clientSecret: string }>,
  /** True when the checkout showed the failure itself (beside what it concerns): no toast then. */
  shownBeside: (error: unknown) => boolean = () => false,
): Promise<PreparedPayment | null> {
  try {
    const { stripePublishableKey } = await queryClient.fetchQuery(appConfigQuery);
    if (!stripePublishableKey) {
      notifyPaymentUnavailable();
      return { kind: "unavailable" };
    }
    const { clientSecret } = await createIntent();
    return { kind: "card", publishableKey: stripePublishableKey, clientSecret };
  } catch (error) {
    if (shownBeside(error)) return null;
    toast({ title: "Error", description: errorMessage(error, "Failed to initialize payment"), variant: "destructive" });
    return null;
  }
}

/**
 * After a confirmation attempt: the outcome's toast for anything but success; on success the
 * server verifies the payment with Stripe (`complete`), then `success` is shown. True when
 * the purchase is complete.
 */
export async function settlePaymentOutcome(
  outcome: PaymentOutcome,
  complete: (paymentIntentId: string) => Promise<unknown>,
  success: ToastInput,
): Promise<boolean> {
  if (outcome.kind !== "succeeded") {
    toast(toastForUnsuccessful(outcome));
    return false;
  }
  try {
    await complete(outcome.paymentIntentId);
    toast(success);
    return true;
  } catch (error) {
    toast({ title: "Error", description: errorMessage(error, "An error occurred"), variant: "destructive" });
    return false;
  }
}

/**
 * A buyer sent back by Stripe after a redirect (see payment-return.ts): settle the purchase
 * as if the confirmation had just answered, with the same toasts.
 */
export function useSettleReturningPayment(
  checkout: string | null,
  complete: (paymentIntentId: string) => Promise<unknown>,
  success: ToastInput,
) {
  usePaymentReturn(checkout, ({ paymentIntentId, redirectStatus }) => {
    if (redirectStatus === "succeeded") {
      void settlePaymentOutcome({ kind: "succeeded", paymentIntentId }, complete, success);
    } else if (redirectStatus === "processing") {
      toast(PAYMENT_PROCESSING_TOAST);
    } else {
      toast({
        title: "Payment Failed",
        description: "The payment was not completed. Nothing was charged.",
        variant: "destructive",
      });
    }
  });
}
