import { useQueryClient } from "@tanstack/react-query";
import { useRef, useState } from "react";
import type { Event } from "@shared/events";
import type { TicketPurchaseResult } from "@shared/tickets";
import { formatMoney } from "@shared/money";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { toast } from "@/hooks/use-toast";
import { showFieldErrors } from "@/lib/form-errors";
import { appConfigQuery } from "@/lib/app-config";
import { settlePaymentOutcome, type PreparedPayment } from "@/components/payments/checkout";
import { PaymentStep } from "@/components/payments/payment-step";
import type { PaymentOutcome } from "@/components/payments/payment-outcome";
import { useCompleteTicketPayment, usePurchaseTickets } from "../api";
import { TICKETS_SUCCESS_TOAST, ticketsReturnUrl } from "../use-ticket-payment-return";
import { PurchaseForm, usePurchaseForm, type PurchasableEvent } from "./purchase-form";

/**
 * The 'Purchase Tickets' dialog; `event` null means closed. `onClose` receives the order when
 * it closes because one was made (free, a reservation, or paid by card); the page then shows
 * its confirmation and takes the focus there, not back to the Buy button.
 */
export function PurchaseDialog({
  event,
  onClose,
  waitlistToken,
}: {
  event: Pick<Event, keyof PurchasableEvent> | null;
  onClose: (order?: TicketPurchaseResult) => void;
  /** A waiting-list offer's token: the tickets held for it are bought. */
  waitlistToken?: string;
}) {
  return (
    <Dialog open={event !== null} onOpenChange={(open) => !open && onClose()}>
      {/* Keyed so each opening starts again at quantity 1. */}
      {event && <PurchaseContent key={event.id} event={event} onDone={onClose} waitlistToken={waitlistToken} />}
    </Dialog>
  );
}

type CardStep = { payment: PreparedPayment; quantity: number; total: string };

/**
 * Confirm Purchase records the order. A free order is confirmed at once; a priced one holds
 * its tickets for ten minutes while the card form, in the same dialog, takes the payment
 * (docs/product.md, "Event Tickets").
 */
function PurchaseContent({
  event,
  onDone,
  waitlistToken,
}: {
  event: PurchasableEvent;
  onDone: (order?: TicketPurchaseResult) => void;
  waitlistToken?: string;
}) {
  const queryClient = useQueryClient();
  const purchase = usePurchaseTickets();
  const complete = useCompleteTicketPayment();
  const form = usePurchaseForm();
  const [card, setCard] = useState<CardStep | null>(null);
  // Set once an order is made: the page focuses its confirmation, so the dialog does not hand
  // the focus back to the button that opened it.
  const madeOrder = useRef(false);

  function finish(order: TicketPurchaseResult) {
    madeOrder.current = true;
    onDone(order);
  }

  function succeed(order: TicketPurchaseResult) {
    toast(TICKETS_SUCCESS_TOAST);
    finish(order);
  }

  function confirm(quantity: number, code?: string) {
    purchase.mutate(
      { eventId: event.id, quantity, code, waitlistToken },
      {
        onSuccess: async (order) => {
          if (!order.clientSecret) return succeed(order);
          const { stripePublishableKey } = await queryClient.fetchQuery(appConfigQuery);
          const payment: PreparedPayment = stripePublishableKey
            ? { kind: "card", publishableKey: stripePublishableKey, clientSecret: order.clientSecret }
            : { kind: "unavailable" };
          setCard({ payment, quantity, total: formatMoney(order.totalAmount) });
        },
        onError: (error) => showFieldErrors(form, error),
      },
    );
  }

  async function handleOutcome(outcome: PaymentOutcome) {
    let paid: TicketPurchaseResult | undefined;
    const settle = async (id: string) => (paid = await complete.mutateAsync(id));
    if ((await settlePaymentOutcome(outcome, settle, TICKETS_SUCCESS_TOAST)) && paid) finish(paid);
  }

  return (
    <DialogContent
      onInteractOutside={(e) => card && e.preventDefault()}
      onCloseAutoFocus={(e) => madeOrder.current && e.preventDefault()}
    >
      <DialogHeader>
        <DialogTitle>Purchase Tickets</DialogTitle>
        <DialogDescription>
          {event.name} — {event.artist}
        </DialogDescription>
      </DialogHeader>
      {card ? (
        <PaymentStep
          payment={card.payment}
          summary={
            <>
              <p className="flex justify-between gap-4">
                <span>
                  {card.quantity} ticket{card.quantity === 1 ? "" : "s"}
                </span>
                <span className="font-semibold tabular-nums">{card.total}</span>
              </p>
              <p className="text-muted-foreground">Your tickets are held for 10 minutes while you pay.</p>
            </>
          }
          returnUrl={ticketsReturnUrl()}
          payLabel={`Pay ${card.total}`}
          onOutcome={handleOutcome}
        />
      ) : (
        <PurchaseForm
          event={event}
          form={form}
          pending={purchase.isPending}
          onConfirm={confirm}
          onCancel={() => onDone()}
        />
      )}
    </DialogContent>
  );
}
