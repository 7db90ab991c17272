import { ArrowRight, CircleCheckBig, TicketCheck, X } from "lucide-react";
import { forwardRef, useId } from "react";
import { Link } from "wouter";
import { formatDayTime } from "@shared/dates";
import { formatMoney, toCents } from "@shared/money";
import { payAtDoorAmount, payAtDoorText } from "@shared/ticket-reservations";
import { Button } from "@/components/ui/button";
import type { PurchasedTickets } from "../last-purchase";

const tickets = (n: number) => `${n} ticket${n === 1 ? "" : "s"}`;

/** What was paid: nothing for a free order, the total for a card payment. */
function paidLine(order: PurchasedTickets["order"]): string {
  return toCents(order.totalAmount) === 0 ? "Free" : `Paid ${formatMoney(order.totalAmount)}`;
}

/**
 * The confirmation at the top of Event Tickets after a purchase, until dismissed: what was
 * bought, the confirmation code, where the tickets were e-mailed and a way to My Tickets. A
 * reservation made while card payments are off says what to pay at the door instead of what
 * was paid (docs/product.md, "Event Tickets"). Focused when it appears, so a keyboard or
 * screen-reader user lands on it when the dialog closes.
 */
export const PurchaseConfirmation = forwardRef<
  HTMLElement,
  { purchase: PurchasedTickets; email: string | null; onDismiss: () => void }
>(function PurchaseConfirmation({ purchase, email, onDismiss }, ref) {
  const headingId = useId();
  const { order, event } = purchase;
  const owed = payAtDoorAmount(order);
  const Icon = owed ? TicketCheck : CircleCheckBig;
  return (
    <section
      ref={ref}
      tabIndex={-1}
      aria-labelledby={headingId}
      className="relative grid gap-2 rounded-lg border border-primary/50 bg-card/95 p-4 pr-12 outline-none focus-visible:ring-2 focus-visible:ring-ring sm:p-5 sm:pr-14"
    >
      <h2 id={headingId} className="flex items-start gap-2.5 text-lg font-semibold leading-snug">
        <Icon aria-hidden="true" className="mt-0.5 size-6 shrink-0 text-primary" />
        <span className="min-w-0">
          {owed ? "Tickets reserved" : "Tickets confirmed"}: {tickets(order.quantity)} for {event.name}
        </span>
      </h2>
      <p className="text-sm text-muted-foreground">
        {event.artist} · {formatDayTime(event, event.timeZone, { style: "long", join: " at " })} · {event.venue}
      </p>
      {owed ? (
        <div>
          <p className="text-lg font-semibold">{payAtDoorText(owed)}</p>
          <p className="text-sm text-muted-foreground">Nothing has been charged.</p>
        </div>
      ) : (
        <p className="font-semibold">{paidLine(order)}</p>
      )}
      <p className="text-sm">
        Confirmation code{" "}
        <span className="whitespace-nowrap font-mono text-base font-semibold tracking-widest">
          {order.confirmationCode}
        </span>
      </p>
      <p className="text-sm break-words">
        {email ? (
          <>
            We've e-mailed your tickets to <span className="font-medium">{email}</span>.
          </>
        ) : (
          "We've e-mailed your tickets to you."
        )}{" "}
        Each ticket has its own QR code for the door.
      </p>
      <Button asChild variant="link" className="h-auto justify-self-start px-0">
        <Link href="/my-tickets">
          View My Tickets
          <ArrowRight aria-hidden="true" />
        </Link>
      </Button>
      <Button
        type="button"
        variant="ghost"
        size="icon"
        aria-label="Dismiss"
        onClick={onDismiss}
        className="absolute right-2 top-2"
      >
        <X aria-hidden="true" />
      </Button>
    </section>
  );
});
