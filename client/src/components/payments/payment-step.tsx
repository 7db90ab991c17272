import type { ReactNode } from "react";
import type { PreparedPayment } from "./checkout";
import type { PaymentOutcome } from "./payment-outcome";
import { CardPaymentForm } from "./card-payment-form";
import { PaymentUnavailable } from "./payment-unavailable";

/** The last step of a checkout: what is being paid for, then the card form or the fallback. */
export function PaymentStep({
  payment,
  summary,
  returnUrl,
  payLabel,
  onOutcome,
  unavailable,
}: {
  payment: PreparedPayment;
  summary: ReactNode;
  returnUrl: string;
  payLabel: string;
  onOutcome(outcome: PaymentOutcome): Promise<void> | void;
  /** What shows without card payments, when a checkout says more than the plain notice. */
  unavailable?: ReactNode;
}) {
  return (
    <div className="grid gap-4">
      <div className="grid gap-1 rounded-lg bg-muted/50 px-4 py-3 text-sm">{summary}</div>
      {payment.kind === "card" ? (
        <CardPaymentForm
          publishableKey={payment.publishableKey}
          clientSecret={payment.clientSecret}
          returnUrl={returnUrl}
          payLabel={payLabel}
          onOutcome={onOutcome}
        />
      ) : (
        (unavailable ?? <PaymentUnavailable />)
      )}
    </div>
  );
}
