import { useId, useState } from "react";
import type { EventResponse } from "@shared/events";
import { formatMoney, fromCents, ticketTotalCents, toCents } from "@shared/money";
import { Button } from "@/components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "@/components/ui/dialog";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { toast } from "@/hooks/use-toast";
import { errorMessage } from "@/lib/api-request";
import { usePurchaseTickets } from "../api";
import { parseTicketQuantity } from "../quantity";

type PurchasableEvent = Pick<EventResponse, "id" | "name" | "artist" | "ticketPrice" | "availableTickets">;

/** The 'Purchase Tickets' dialog; `event` null means closed. */
export function PurchaseDialog({ event, onClose }: { event: PurchasableEvent | null; onClose: () => void }) {
  return (
    <Dialog open={event !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent>
        {/* Keyed so each opening starts again at quantity 1. */}
        {event && <PurchaseForm key={event.id} event={event} onDone={onClose} />}
      </DialogContent>
    </Dialog>
  );
}

function PurchaseForm({ event, onDone }: { event: PurchasableEvent; onDone: () => void }) {
  // What the field shows. It may be empty while the user retypes the number; the quantity
  // is then 1 (non-numeric input falls back to 1) and the field says so on blur.
  const [typed, setTyped] = useState("1");
  const available = event.availableTickets;
  const quantity = parseTicketQuantity(typed, available);
  const soldOut = available < 1;
  // A refused purchase refreshes the event: the field then shows no more than what is left.
  const [shownAvailable, setShownAvailable] = useState(available);
  if (shownAvailable !== available) {
    setShownAvailable(available);
    if (typed !== "") setTyped(String(parseTicketQuantity(typed, available)));
  }
  const purchase = usePurchaseTickets();
  const inputId = useId();
  const totalCents = ticketTotalCents(toCents(event.ticketPrice), quantity);

  function confirm() {
    purchase.mutate(
      { eventId: event.id, quantity },
      {
        onSuccess: () => {
          toast({ title: "Success!", description: "Your tickets have been purchased successfully." });
          setTyped("1");
          onDone();
        },
        onError: (error) =>
          toast({
            title: "Error",
            description: errorMessage(error, "Failed to purchase tickets"),
            variant: "destructive",
          }),
      },
    );
  }

  return (
    <>
      <DialogHeader>
        <DialogTitle>Purchase Tickets</DialogTitle>
        <DialogDescription>
          {event.name} — {event.artist}
        </DialogDescription>
      </DialogHeader>
      <div className="grid gap-4">
        <div className="grid gap-2">
          <Label htmlFor={inputId}>Number of Tickets</Label>
          <Input
            id={inputId}
            type="number"
            inputMode="numeric"
            min={1}
            max={Math.max(available, 1)}
            disabled={soldOut}
            step={1}
            value={typed}
            onChange={(e) => {
              const value = e.target.value;
              setTyped(value === "" ? "" : String(parseTicketQuantity(value, available)));
            }}
            onBlur={() => setTyped(String(quantity))}
            aria-describedby={`${inputId}-hint`}
          />
          <p id={`${inputId}-hint`} className="text-sm text-muted-foreground" aria-live="polite">
            {soldOut ? "Sold out: no tickets are left for this event." : `${available} available`}
          </p>
        </div>
        <dl className="grid gap-2 rounded-md border p-4 text-sm">
          <div className="flex justify-between gap-4">
            <dt className="text-muted-foreground">Price per ticket</dt>
            <dd>{formatMoney(event.ticketPrice)}</dd>
          </div>
          <div className="flex justify-between gap-4 border-t pt-2 text-base font-semibold">
            <dt>Total</dt>
            <dd aria-live="polite">{totalCents === null ? "Too large for one purchase" : formatMoney(fromCents(totalCents))}</dd>
          </div>
        </dl>
      </div>
      <DialogFooter>
        <Button type="button" variant="outline" onClick={onDone}>
          Cancel
        </Button>
        <Button type="button" onClick={confirm} disabled={purchase.isPending || totalCents === null || soldOut}>
          {purchase.isPending ? "Processing..." : "Confirm Purchase"}
        </Button>
      </DialogFooter>
    </>
  );
}
