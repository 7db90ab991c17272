import { useState } from "react";
import { useQueryClient } from "@tanstack/react-query";
import { CreditCard } from "lucide-react";
import { formatMoney } from "@shared/money";
import {
  preparePayment,
  settlePaymentOutcome,
  useSettleReturningPayment,
  type PreparedPayment,
} from "@/components/payments/checkout";
import { PaymentStep } from "@/components/payments/payment-step";
import { Button } from "@/components/ui/button";
import { completeInvoicePayment, publicInvoiceQuery, startInvoicePayment } from "../api";

const RETURN_CHECKOUT = "invoice";

/**
 * Pay now: a card payment for the total the server stored (the server prices the
 * PaymentIntent; the page never sends an amount). The invoice reads Paid once the server has
 * seen Stripe confirm it.
 */
export function PayInvoice({ token, number, total }: { token: string; number: string; total: string }) {
  const queryClient = useQueryClient();
  const [payment, setPayment] = useState<PreparedPayment | null>(null);
  const [starting, setStarting] = useState(false);
  const success = { title: "Payment Successful!", description: `Invoice ${number} is paid. A receipt is on its way.` };

  async function complete(paymentIntentId: string) {
    try {
      await completeInvoicePayment(token, paymentIntentId);
    } finally {
      // Paid, or refused because the invoice changed meanwhile (its payment is then refunded):
      // either way the page shows the invoice as it now is.
      await queryClient.invalidateQueries({ queryKey: publicInvoiceQuery(token).queryKey });
    }
  }
  useSettleReturningPayment(RETURN_CHECKOUT, complete, success);

  async function start() {
    setStarting(true);
    setPayment(await preparePayment(queryClient, () => startInvoicePayment(token)));
    setStarting(false);
  }

  if (!payment) {
    return (
      <Button
        type="button"
        size="lg"
        className="justify-self-start print:hidden"
        disabled={starting}
        onClick={() => void start()}
      >
        <CreditCard aria-hidden="true" /> {starting ? "Preparing payment..." : `Pay now ${formatMoney(total)}`}
      </Button>
    );
  }
  const returnUrl = `${window.location.origin}${window.location.pathname}?checkout=${RETURN_CHECKOUT}`;
  return (
    <section aria-label="Pay by card" className="grid gap-3 rounded-lg border bg-card/95 p-4 print:hidden">
      <PaymentStep
        payment={payment}
        summary={<span>{`Invoice ${number}: ${formatMoney(total)}`}</span>}
        returnUrl={returnUrl}
        payLabel={`Pay ${formatMoney(total)}`}
        onOutcome={async (outcome) => {
          if (await settlePaymentOutcome(outcome, complete, success)) setPayment(null);
        }}
      />
    </section>
  );
}
