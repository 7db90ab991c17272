import type { PaymentIntent, StripeError } from "@stripe/stripe-js";
import type { ToastInput } from "@/hooks/use-toast";

/** What a card confirmation came to, one case per toast the buyer may see. */
export type PaymentOutcome =
  | { kind: "succeeded"; paymentIntentId: string }
  | { kind: "processing" }
  | { kind: "validation_error"; message: string }
  | { kind: "card_error"; message: string }
  | { kind: "error"; message?: string };

export function outcomeOfConfirmation(result: { error?: StripeError; paymentIntent?: PaymentIntent }): PaymentOutcome {
  const { error, paymentIntent } = result;
  if (error) {
    if (error.type === "validation_error") return { kind: "validation_error", message: error.message ?? "" };
    if (error.type === "card_error") return { kind: "card_error", message: error.message ?? "" };
    return { kind: "error", message: error.message };
  }
  if (paymentIntent?.status === "succeeded") return { kind: "succeeded", paymentIntentId: paymentIntent.id };
  if (paymentIntent?.status === "processing") return { kind: "processing" };
  return { kind: "error" };
}

export const PAYMENT_PROCESSING_TOAST: ToastInput = {
  title: "Payment Processing",
  description: "Payment is being processed. Please wait...",
};

/**
 * The toasts for every outcome but success (whose text belongs to each checkout); the texts
 * are listed in docs/product.md, "Texts and messages".
 */
export function toastForUnsuccessful(outcome: Exclude<PaymentOutcome, { kind: "succeeded" }>): ToastInput {
  switch (outcome.kind) {
    case "processing":
      return PAYMENT_PROCESSING_TOAST;
    case "validation_error":
      return { title: "Validation Error", description: outcome.message, variant: "destructive" };
    case "card_error":
      return { title: "Payment Failed", description: outcome.message, variant: "destructive" };
    case "error":
      return { title: "Error", description: outcome.message || "An error occurred", variant: "destructive" };
  }
}
