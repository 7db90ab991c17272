import { CircleAlert } from "lucide-react";
import type { ReactNode } from "react";
import { PAYMENT_UNAVAILABLE_MESSAGE } from "@shared/constants";
import { toast } from "@/hooks/use-toast";

/** Raised when the payment step opens and Stripe is not configured. */
export function notifyPaymentUnavailable() {
  toast({
    title: "Payment Not Available",
    description: "Payment processing is not configured. Please contact support.",
    variant: "destructive",
  });
}

/** A plain notice in place of the card form. */
export function PaymentNotice({ children, action }: { children: ReactNode; action?: ReactNode }) {
  return (
    <div role="status" className="flex flex-col gap-3 rounded-lg border border-dashed p-4 text-sm">
      <div className="flex gap-3">
        <CircleAlert aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-muted-foreground" />
        <div className="grid gap-1">{children}</div>
      </div>
      {action}
    </div>
  );
}

/** The payment step when no Stripe keys are configured; `children` follow the sentence (how to reach the label). */
export function PaymentUnavailable({ children }: { children?: ReactNode }) {
  return (
    <PaymentNotice>
      <p className="font-medium">{PAYMENT_UNAVAILABLE_MESSAGE}</p>
      {children}
    </PaymentNotice>
  );
}
