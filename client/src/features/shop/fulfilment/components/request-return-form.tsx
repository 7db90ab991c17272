import { zodResolver } from "@hookform/resolvers/zod";
import { useForm } from "react-hook-form";
import { z } from "zod";
import { requestReturnSchema, type PublicMerchandiseOrder } from "@shared/merchandise-fulfilment";
import { asText, Field } from "@/components/form-fields/field";
import { Button } from "@/components/ui/button";
import { Form, FormControl } from "@/components/ui/form";
import { Textarea } from "@/components/ui/textarea";
import { toast } from "@/hooks/use-toast";
import { showFieldErrors } from "@/lib/form-errors";
import { useRequestReturn } from "../api";
import { chooseLineQuantities, LineQuantityFields, lineQuantitiesSchema } from "./line-quantities";
import { lineLabel } from "./order-lines";
import { returnableUnits } from "./return-requests";

const returnFormSchema = requestReturnSchema.pick({ reason: true }).extend({
  quantities: lineQuantitiesSchema,
});
type ReturnFormInput = z.input<typeof returnFormSchema>;
type ReturnForm = z.output<typeof returnFormSchema>;

/**
 * The buyer's "Request a return", for the order page (by the order link's token): how many of
 * each shipped item, and why. The label approves it and refunds it; nothing is refunded here.
 */
export function RequestReturnForm({
  token,
  order,
  onRequested,
}: {
  token: string;
  /** With its return requests, whose waiting units cannot be asked for twice. */
  order: Pick<PublicMerchandiseOrder, "lines"> & { returns?: PublicMerchandiseOrder["returns"] };
  onRequested?: () => void;
}) {
  const request = useRequestReturn(token);
  const left = (line: PublicMerchandiseOrder["lines"][number]) => returnableUnits(line, order.returns ?? []);
  const returnable = order.lines.filter((line) => left(line) > 0);
  const form = useForm<ReturnFormInput, unknown, ReturnForm>({
    resolver: zodResolver(returnFormSchema),
    defaultValues: { reason: "", quantities: Object.fromEntries(returnable.map((line) => [line.id, "0"])) },
  });

  if (returnable.length === 0) {
    const shipped = order.lines.some((line) => line.shippedQuantity > 0);
    return (
      <p className="text-sm text-muted-foreground">
        {shipped
          ? "Everything that has shipped is returned or in a return request."
          : "Items can be returned once they have shipped."}
      </p>
    );
  }

  function submit(values: ReturnForm) {
    const lines = chooseLineQuantities(form.setError, returnable, values.quantities, {
      left,
      tooMany: (left) => `At most ${left}`,
      none: "Choose at least one item to return",
    });
    if (!lines) return;
    request.mutate(
      { lines: lines.map(({ line, quantity }) => ({ lineId: line.id, quantity })), reason: values.reason },
      {
        onSuccess: () => {
          toast({ title: "Return requested", description: "We'll e-mail you once it is approved and refunded." });
          form.reset();
          onRequested?.();
        },
        onError: (error) => showFieldErrors(form, error),
      },
    );
  }

  return (
    <Form {...form}>
      <form onSubmit={form.handleSubmit(submit)} noValidate className="grid gap-4" aria-label="Request a return">
        <LineQuantityFields
          control={form.control}
          legend="What would you like to return?"
          lines={returnable}
          left={left}
          label={(line) => (
            <>
              {lineLabel(line)} <span className="text-xs text-muted-foreground">(up to {left(line)})</span>
            </>
          )}
        />
        <Field
          control={form.control}
          name="reason"
          label="Why are you returning it?"
          render={(field) => (
            <FormControl>
              <Textarea {...asText(field)} maxLength={1000} placeholder="Too small, arrived damaged…" />
            </FormControl>
          )}
        />
        {form.formState.errors.root && (
          <p role="alert" className="text-sm font-medium text-destructive">
            {form.formState.errors.root.message}
          </p>
        )}
        <div>
          <Button type="submit" disabled={request.isPending}>
            {request.isPending ? "Sending..." : "Request a return"}
          </Button>
        </div>
      </form>
    </Form>
  );
}
