import { TicketCheck, X } from "lucide-react";
import { useId } from "react";
import { payAtDoorAmount, payAtDoorText } from "@shared/ticket-reservations";
import type { TicketPurchaseResponse } from "@shared/tickets";
import { Button } from "@/components/ui/button";

/** A purchase just made, with the name of its event (the order carries only its id). */
export interface PurchasedTickets {
  order: TicketPurchaseResponse;
  eventName: string;
}

/**
 * The confirmation of a purchase that is a reservation: while card payments are not configured
 * a priced order is confirmed unpaid, so the fan is told plainly what to pay at the door (the
 * success toast keeps its own words; docs/product.md, "Event Tickets"). Shows nothing for an
 * order that owes nothing.
 */
export function ReservationNotice({ purchase, onDismiss }: { purchase: PurchasedTickets; onDismiss: () => void }) {
  const headingId = useId();
  const { order, eventName } = purchase;
  const amount = payAtDoorAmount(order);
  if (!amount) return null;
  const tickets = `${order.quantity} ticket${order.quantity === 1 ? "" : "s"}`;
  return (
    <section
      role="status"
      aria-labelledby={headingId}
      className="flex items-start gap-3 rounded-lg border border-primary/40 bg-card/95 p-4"
    >
      <TicketCheck aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-primary" />
      <div className="min-w-0 flex-1 space-y-1">
        <h2 id={headingId} className="font-semibold">
          Tickets reserved: {tickets} for {eventName}
        </h2>
        <p className="text-lg font-semibold">{payAtDoorText(amount)}</p>
        <p className="text-sm text-muted-foreground">
          Nothing has been charged. Confirmation code{" "}
          <span className="font-mono font-semibold tracking-widest text-foreground">{order.confirmationCode}</span>;
          your tickets are on My Tickets.
        </p>
      </div>
      <Button type="button" variant="ghost" size="icon" aria-label="Dismiss" onClick={onDismiss}>
        <X aria-hidden="true" />
      </Button>
    </section>
  );
}
