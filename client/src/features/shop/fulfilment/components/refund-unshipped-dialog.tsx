import { zodResolver } from "@hookform/resolvers/zod";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { z } from "zod";
import type { AdminOrderLine } from "@shared/merchandise-fulfilment";
import { CheckboxField } from "@/components/form-fields/checkbox-field";
import { Button } from "@/components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "@/components/ui/dialog";
import { Form } from "@/components/ui/form";
import { toast } from "@/hooks/use-toast";
import { showFieldErrors } from "@/lib/form-errors";
import { useRefundUnshipped } from "../api";
import { chooseLineQuantities, LineQuantityFields, lineQuantitiesSchema } from "./line-quantities";
import { lineLabel } from "./order-lines";

const refundFormSchema = z.object({ quantities: lineQuantitiesSchema, restock: z.boolean() });
type RefundFormInput = z.input<typeof refundFormSchema>;
type RefundForm = z.output<typeof refundFormSchema>;

/** The units of a line still to ship: not sent, not refunded already. */
export const leftToShip = (line: AdminOrderLine) => line.quantity - line.shippedQuantity - line.refundedQuantity;

type Chosen = { lines: { lineId: string; quantity: number }[]; restock: boolean; summary: string };

/**
 * Refund what will not ship: how many units of each line, back in stock or not, then a
 * confirmation that says what happens. The server works out the amount (price and tax share).
 */
export function RefundUnshippedDialog({
  orderId,
  orderLabel,
  lines,
  open,
  onOpenChange,
}: {
  orderId: string;
  orderLabel: string;
  lines: AdminOrderLine[];
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-lg">
        <DialogHeader>
          <DialogTitle>Refund unsent items: {orderLabel}</DialogTitle>
          <DialogDescription>
            Choose the items you can&apos;t send. Their price and their share of the tax go back to the buyer&apos;s
            card, the buyer gets an e-mail, and they are no longer to ship.
          </DialogDescription>
        </DialogHeader>
        {open && <RefundForm orderId={orderId} lines={lines} onDone={() => onOpenChange(false)} />}
      </DialogContent>
    </Dialog>
  );
}

function RefundForm({ orderId, lines, onDone }: { orderId: string; lines: AdminOrderLine[]; onDone: () => void }) {
  const refund = useRefundUnshipped(orderId);
  const [confirming, setConfirming] = useState<Chosen | null>(null);
  const open = lines.filter((line) => leftToShip(line) > 0);
  const form = useForm<RefundFormInput, unknown, RefundForm>({
    resolver: zodResolver(refundFormSchema),
    defaultValues: { quantities: Object.fromEntries(open.map((line) => [line.id, "0"])), restock: true },
  });

  function review(values: RefundForm) {
    const chosen = chooseLineQuantities(form.setError, open, values.quantities, {
      left: leftToShip,
      tooMany: (left) => `Only ${left} left to ship`,
      none: "Choose at least one item to refund",
    });
    if (!chosen) return;
    setConfirming({
      lines: chosen.map(({ line, quantity }) => ({ lineId: line.id, quantity })),
      restock: values.restock,
      summary: chosen.map(({ line, quantity }) => `${quantity} × ${lineLabel(line)}`).join(", "),
    });
  }

  function send(chosen: Chosen) {
    refund.mutate(
      { lines: chosen.lines, restock: chosen.restock },
      {
        onSuccess: () => {
          toast({ title: "Refunded", description: "The buyer has been refunded and told by e-mail." });
          onDone();
        },
        onError: (error) => {
          setConfirming(null);
          showFieldErrors(form, error);
        },
      },
    );
  }

  if (confirming) {
    return (
      <div className="grid gap-4">
        <p className="text-sm">
          Refund {confirming.summary}? {confirming.restock ? "They go back in stock." : "They do not go back in stock."}{" "}
          This can&apos;t be undone.
        </p>
        <DialogFooter>
          <Button type="button" variant="outline" onClick={() => setConfirming(null)}>
            Back
          </Button>
          <Button type="button" variant="destructive" disabled={refund.isPending} onClick={() => send(confirming)}>
            {refund.isPending ? "Refunding..." : "Refund"}
          </Button>
        </DialogFooter>
      </div>
    );
  }

  return (
    <Form {...form}>
      <form onSubmit={form.handleSubmit(review)} noValidate className="grid gap-4">
        <LineQuantityFields
          control={form.control}
          legend="Items to refund"
          lines={open}
          left={leftToShip}
          label={(line) => (
            <>
              <span className="block">{lineLabel(line)}</span>
              <span className="block text-xs text-muted-foreground">
                {line.sku} · {leftToShip(line)} of {line.quantity} left to ship
              </span>
            </>
          )}
        />
        <CheckboxField control={form.control} name="restock" label="Put the items back in stock" />
        {form.formState.errors.root && (
          <p role="alert" className="text-sm font-medium text-destructive">
            {form.formState.errors.root.message}
          </p>
        )}
        <DialogFooter>
          <Button type="button" variant="outline" onClick={onDone}>
            Cancel
          </Button>
          <Button type="submit">Review refund</Button>
        </DialogFooter>
      </form>
    </Form>
  );
}
