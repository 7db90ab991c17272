import { useState, type FormEvent } from "react";
import { Elements, PaymentElement, useElements, useStripe } from "@stripe/react-stripe-js";
import { Button } from "@/components/ui/button";
import { Skeleton } from "@/components/ui/skeleton";
import { useTheme } from "@/lib/theme";
import { outcomeOfConfirmation, type PaymentOutcome } from "./payment-outcome";
import { useStripeJs } from "@/lib/stripe-js";
import { PaymentNotice } from "./payment-unavailable";

export const CARD_FORM_UNAVAILABLE_MESSAGE =
  "The card form could not load. Check your connection or disable blockers, then try again.";

type CardPaymentFormProps = {
  publishableKey: string;
  clientSecret: string;
  /** Where Stripe sends the buyer back if the payment method needs a redirect. */
  returnUrl: string;
  /** e.g. "Pay $150.00". */
  payLabel: string;
  /** Called with the result of each confirmation attempt; the form stays usable for a retry. */
  onOutcome(outcome: PaymentOutcome): Promise<void> | void;
};

/**
 * Stripe's Payment Element for an existing PaymentIntent. When Stripe.js cannot load
 * (offline, blockers) it says so plainly; nothing is charged and the booking stays pending.
 */
export function CardPaymentForm(props: CardPaymentFormProps) {
  const stripeJs = useStripeJs(props.publishableKey);
  const { resolvedTheme } = useTheme();
  const [elementFailed, setElementFailed] = useState(false);

  if (stripeJs.status === "failed" || elementFailed) {
    return (
      <PaymentNotice
        action={
          <Button
            type="button"
            variant="outline"
            className="self-start"
            onClick={() => {
              setElementFailed(false);
              stripeJs.retry();
            }}
          >
            Try again
          </Button>
        }
      >
        <p className="font-medium">{CARD_FORM_UNAVAILABLE_MESSAGE}</p>
        <p className="text-muted-foreground">Nothing has been charged.</p>
      </PaymentNotice>
    );
  }
  if (stripeJs.status === "loading") {
    return (
      <div className="grid gap-3" role="status" aria-label="Loading the secure card form">
        <Skeleton className="h-10 w-full" />
        <Skeleton className="h-10 w-full" />
        <Skeleton className="h-10 w-2/3" />
      </div>
    );
  }
  return (
    <Elements
      stripe={stripeJs.stripe}
      options={{
        clientSecret: props.clientSecret,
        appearance: { theme: resolvedTheme === "dark" ? "night" : "stripe" },
      }}
    >
      <ConfirmForm {...props} onLoadError={() => setElementFailed(true)} />
    </Elements>
  );
}

function ConfirmForm({ returnUrl, payLabel, onOutcome, onLoadError }: CardPaymentFormProps & { onLoadError(): void }) {
  const stripe = useStripe();
  const elements = useElements();
  const [submitting, setSubmitting] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!stripe || !elements) return;
    setSubmitting(true);
    try {
      const result = await stripe.confirmPayment({
        elements,
        confirmParams: { return_url: returnUrl },
        redirect: "if_required",
      });
      await onOutcome(outcomeOfConfirmation(result));
    } finally {
      setSubmitting(false);
    }
  }

  return (
    <form onSubmit={submit} className="grid gap-4">
      <PaymentElement onLoadError={onLoadError} />
      <Button type="submit" disabled={!stripe || !elements || submitting}>
        {submitting ? "Processing..." : payLabel}
      </Button>
    </form>
  );
}
