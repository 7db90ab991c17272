import { useId, useState } from "react";
import type { Event } from "@shared/events";
import { formatMoney, fromCents, ticketTotalCents, toCents } from "@shared/money";
import { Button } from "@/components/ui/button";
import { DialogFooter } from "@/components/ui/dialog";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { parseTicketQuantity } from "../quantity";

export type PurchasableEvent = Pick<
  Event,
  "id" | "name" | "artist" | "ticketPrice" | "availableTickets" | "maxPerOrder"
>;

/** Number of Tickets, price per ticket and total; Confirm Purchase hands the quantity on. */
export function PurchaseForm({
  event,
  pending,
  onConfirm,
  onCancel,
}: {
  event: PurchasableEvent;
  pending: boolean;
  onConfirm: (quantity: number) => void;
  onCancel: () => void;
}) {
  // What the field shows. It may be empty while the user retypes the number; the quantity
  // is then 1 (non-numeric input falls back to 1) and the field says so on blur.
  const [typed, setTyped] = useState("1");
  const available = event.availableTickets;
  // One order takes at most the event's per-order cap, and never more than are left.
  const max = Math.min(event.maxPerOrder, available);
  const quantity = parseTicketQuantity(typed, max);
  const soldOut = available < 1;
  // A refused purchase refreshes the event: the field then shows no more than what is left.
  const [shownMax, setShownMax] = useState(max);
  if (shownMax !== max) {
    setShownMax(max);
    if (typed !== "") setTyped(String(parseTicketQuantity(typed, max)));
  }
  const inputId = useId();
  const totalCents = ticketTotalCents(toCents(event.ticketPrice), quantity);
  const hint = soldOut
    ? "Sold out: no tickets are left for this event."
    : event.maxPerOrder < available
      ? `${available} available · up to ${event.maxPerOrder} per order`
      : `${available} available`;

  return (
    <>
      <div className="grid gap-4">
        <div className="grid gap-2">
          <Label htmlFor={inputId}>Number of Tickets</Label>
          <Input
            id={inputId}
            type="number"
            inputMode="numeric"
            min={1}
            max={Math.max(max, 1)}
            disabled={soldOut}
            step={1}
            value={typed}
            onChange={(e) => {
              const value = e.target.value;
              setTyped(value === "" ? "" : String(parseTicketQuantity(value, max)));
            }}
            onBlur={() => setTyped(String(quantity))}
            aria-describedby={`${inputId}-hint`}
          />
          <p id={`${inputId}-hint`} className="text-sm text-muted-foreground" aria-live="polite">
            {hint}
          </p>
        </div>
        <dl className="grid gap-2 rounded-md border p-4 text-sm">
          <div className="flex justify-between gap-4">
            <dt className="text-muted-foreground">Price per ticket</dt>
            <dd>{formatMoney(event.ticketPrice)}</dd>
          </div>
          <div className="flex justify-between gap-4 border-t pt-2 text-base font-semibold">
            <dt>Total</dt>
            <dd aria-live="polite">
              {totalCents === null ? "Too large for one purchase" : formatMoney(fromCents(totalCents))}
            </dd>
          </div>
        </dl>
      </div>
      <DialogFooter>
        <Button type="button" variant="outline" onClick={onCancel}>
          Cancel
        </Button>
        <Button type="button" onClick={() => onConfirm(quantity)} disabled={pending || totalCents === null || soldOut}>
          {pending ? "Processing..." : "Confirm Purchase"}
        </Button>
      </DialogFooter>
    </>
  );
}
