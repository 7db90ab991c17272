import { zodResolver } from "@hookform/resolvers/zod";
import { useForm } from "react-hook-form";
import { z } from "zod";
import { createFulfilmentSchema, type MerchandiseOrderLine } from "@shared/merchandise-fulfilment";
import { TextField } from "@/components/form-fields/text-field";
import { Button } from "@/components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "@/components/ui/dialog";
import { Form, FormControl, FormField, FormItem, FormLabel } from "@/components/ui/form";
import { toast } from "@/hooks/use-toast";
import { showFieldErrors } from "@/lib/form-errors";
import { useShipOrder } from "../api";
import { chooseLineQuantities, LineQuantityFields, lineQuantitiesSchema } from "./line-quantities";
import { lineLabel } from "./order-lines";

/** The carriers with a tracking page; anything else is typed in and its number shown as it is. */
export const CARRIERS = ["UPS", "USPS", "FedEx", "DHL", "Royal Mail"] as const;
const OTHER = "Other";

const shipFormSchema = createFulfilmentSchema.pick({ trackingNumber: true }).extend({
  carrierChoice: z.string(),
  otherCarrier: z.string().trim().max(60),
  quantities: lineQuantitiesSchema,
});
type ShipFormInput = z.input<typeof shipFormSchema>;
type ShipForm = z.output<typeof shipFormSchema>;

const selectClass =
  "flex h-10 w-full rounded-md border border-input bg-background px-3 py-2 text-sm ring-offset-background focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2";

/** Ship: how many of each line go in this parcel (all that is left, at first), the carrier and the tracking number. */
export function ShipDialog({
  orderId,
  orderLabel,
  lines,
  open,
  onOpenChange,
}: {
  orderId: string;
  orderLabel: string;
  lines: MerchandiseOrderLine[];
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-lg">
        <DialogHeader>
          <DialogTitle>Ship {orderLabel}</DialogTitle>
          <DialogDescription>
            Choose what goes in this parcel. The buyer gets an e-mail with the tracking.
          </DialogDescription>
        </DialogHeader>
        {open && <ShipForm orderId={orderId} lines={lines} onDone={() => onOpenChange(false)} />}
      </DialogContent>
    </Dialog>
  );
}

function ShipForm({ orderId, lines, onDone }: { orderId: string; lines: MerchandiseOrderLine[]; onDone: () => void }) {
  const ship = useShipOrder(orderId);
  const open = lines.filter((line) => line.quantity - line.shippedQuantity > 0);
  const form = useForm<ShipFormInput, unknown, ShipForm>({
    resolver: zodResolver(shipFormSchema),
    defaultValues: {
      carrierChoice: CARRIERS[0],
      otherCarrier: "",
      trackingNumber: "",
      quantities: Object.fromEntries(open.map((line) => [line.id, String(line.quantity - line.shippedQuantity)])),
    },
  });
  const carrierChoice = form.watch("carrierChoice");

  function submit(values: ShipForm) {
    const chosen = chooseLineQuantities(form.setError, open, values.quantities, {
      left: (line) => line.quantity - line.shippedQuantity,
      tooMany: (left) => `Only ${left} left to ship`,
      none: "Choose at least one item to ship",
    });
    const carrier = values.carrierChoice === OTHER ? values.otherCarrier : values.carrierChoice;
    if (!carrier) form.setError("otherCarrier", { message: "Enter the carrier" });
    if (!chosen || !carrier) return;
    ship.mutate(
      {
        lines: chosen.map(({ line, quantity }) => ({ lineId: line.id, quantity })),
        carrier,
        trackingNumber: values.trackingNumber,
      },
      {
        onSuccess: (order) => {
          toast({
            title: "Shipped",
            description:
              order.status === "shipped" ? "Everything in this order has shipped." : "Part of this order has shipped.",
          });
          onDone();
        },
        onError: (error) => showFieldErrors(form, error),
      },
    );
  }

  return (
    <Form {...form}>
      <form onSubmit={form.handleSubmit(submit)} noValidate className="grid gap-4">
        <LineQuantityFields
          control={form.control}
          legend="Items in this parcel"
          lines={open}
          left={(line) => line.quantity - line.shippedQuantity}
          label={(line) => (
            <>
              <span className="block">{lineLabel(line)}</span>
              <span className="block text-xs text-muted-foreground">
                {line.sku} · {line.quantity - line.shippedQuantity} of {line.quantity} left to ship
              </span>
            </>
          )}
        />
        <FormField
          control={form.control}
          name="carrierChoice"
          render={({ field }) => (
            <FormItem>
              <FormLabel>Carrier</FormLabel>
              <FormControl>
                <select {...field} className={selectClass}>
                  {[...CARRIERS, OTHER].map((carrier) => (
                    <option key={carrier} value={carrier}>
                      {carrier}
                    </option>
                  ))}
                </select>
              </FormControl>
            </FormItem>
          )}
        />
        {carrierChoice === OTHER && (
          <TextField control={form.control} name="otherCarrier" label="Carrier name" maxLength={60} />
        )}
        <TextField control={form.control} name="trackingNumber" label="Tracking number" maxLength={100} />
        {form.formState.errors.root && (
          <p role="alert" className="text-sm font-medium text-destructive">
            {form.formState.errors.root.message}
          </p>
        )}
        <DialogFooter>
          <Button type="button" variant="outline" onClick={onDone}>
            Cancel
          </Button>
          <Button type="submit" disabled={ship.isPending}>
            {ship.isPending ? "Shipping..." : "Mark as shipped"}
          </Button>
        </DialogFooter>
      </form>
    </Form>
  );
}
