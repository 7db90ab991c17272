import { LoadError } from "@/components/page-shell";
import { useQuery } from "@tanstack/react-query";
import { useId, useState } from "react";
import type { Event } from "@shared/events";
import { Button } from "@/components/ui/button";
import { toast } from "@/hooks/use-toast";
import { eventOrdersQuery, useCancelEvent, useCancelTicketOrder } from "../api";
import { cancelConsequences, cancellable, orderLine, orderStatus } from "../event-orders";
import { ConfirmAction } from "@/components/confirm-action";
import { PromoCodesPanel } from "./promo-codes-panel";
import { WaitlistPanel } from "./waitlist-panel";
import { TicketStatusBadge } from "./ticket-status-badge";

type AdminEvent = Pick<Event, "id" | "name" | "status">;

/** Below an event on the admin page: its orders (on demand) with Cancel, and Cancel event. */
export function EventOrdersPanel({ event }: { event: AdminEvent }) {
  const [open, setOpen] = useState(false);
  const [codesOpen, setCodesOpen] = useState(false);
  const listId = useId();
  const codesId = useId();
  const cancelEvent = useCancelEvent();

  function confirmCancelEvent() {
    cancelEvent.mutate(event.id, {
      onSuccess: () =>
        toast({
          title: "Event cancelled",
          description: "Every order is being cancelled and refunded; buyers are e-mailed.",
        }),
    });
  }

  return (
    <div className="grid gap-3 border-t pt-3">
      <div className="flex flex-wrap gap-2">
        <Button
          type="button"
          variant="secondary"
          size="sm"
          aria-expanded={open}
          aria-controls={listId}
          onClick={() => setOpen(!open)}
        >
          {open ? "Hide orders" : "Show orders"}
        </Button>
        <Button
          type="button"
          variant="secondary"
          size="sm"
          aria-expanded={codesOpen}
          aria-controls={codesId}
          onClick={() => setCodesOpen(!codesOpen)}
        >
          {codesOpen ? "Hide codes and waiting list" : "Promo codes and waiting list"}
        </Button>
        {event.status !== "cancelled" && (
          <ConfirmAction
            trigger={
              <Button
                type="button"
                variant="outline"
                size="sm"
                className="text-destructive hover:text-destructive"
                disabled={cancelEvent.isPending}
                aria-label={`Cancel event ${event.name}`}
              >
                Cancel event
              </Button>
            }
            title={`Cancel ${event.name}?`}
            description="Every order is cancelled, paid orders are refunded to the card, and each buyer is e-mailed. This cannot be undone."
            confirmLabel="Cancel event"
            onConfirm={confirmCancelEvent}
          />
        )}
      </div>
      {codesOpen && (
        <div id={codesId} className="grid gap-4">
          <PromoCodesPanel eventId={event.id} />
          <WaitlistPanel eventId={event.id} />
        </div>
      )}
      {open && (
        <div id={listId}>
          <OrdersList eventId={event.id} />
        </div>
      )}
    </div>
  );
}

function OrdersList({ eventId }: { eventId: string }) {
  const query = useQuery(eventOrdersQuery(eventId));
  const cancel = useCancelTicketOrder();
  if (query.isLoading)
    return (
      <p role="status" className="text-sm text-muted-foreground">
        Loading orders...
      </p>
    );
  if (query.isError) return <LoadError inline what="the orders" onRetry={() => void query.refetch()} />;
  const orders = query.data ?? [];
  if (orders.length === 0) return <p className="text-sm text-muted-foreground">No ticket orders yet.</p>;

  function confirmCancel(id: string) {
    cancel.mutate(id, {
      onSuccess: () =>
        toast({
          title: "Order cancelled",
          description: "The tickets are back on sale; a paid order is refunded and the buyer e-mailed.",
        }),
    });
  }

  return (
    <ul className="grid gap-2" aria-label="Ticket orders">
      {orders.map((order) => (
        <li
          key={order.id}
          className="grid grid-cols-[minmax(0,1fr)_auto] items-start gap-3 rounded-md border p-3 text-sm"
        >
          <div className="min-w-0 space-y-0.5">
            {order.buyerName && <p className="font-medium break-words">{order.buyerName}</p>}
            <p className="text-muted-foreground break-words">{orderLine(order)}</p>
            {order.checkedInTickets > 0 && (
              <p>
                {order.checkedInTickets} of {order.quantity} checked in
              </p>
            )}
          </div>
          {/* The badge keeps its corner whether or not the order can still be cancelled. */}
          <div className="flex flex-col items-end gap-2">
            <TicketStatusBadge status={orderStatus(order)} />
            {cancellable(order) && (
              <ConfirmAction
                trigger={
                  <Button
                    type="button"
                    variant="outline"
                    size="sm"
                    disabled={cancel.isPending && cancel.variables === order.id}
                    aria-label={`Cancel order ${order.confirmationCode}`}
                  >
                    Cancel
                  </Button>
                }
                title={`Cancel order ${order.confirmationCode}?`}
                description={cancelConsequences(order)}
                confirmLabel="Cancel order"
                onConfirm={() => confirmCancel(order.id)}
              />
            )}
          </div>
        </li>
      ))}
    </ul>
  );
}
