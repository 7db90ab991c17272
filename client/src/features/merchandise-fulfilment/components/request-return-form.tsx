import { zodResolver } from "@hookform/resolvers/zod";
import { useForm } from "react-hook-form";
import { z } from "zod";
import { requestReturnSchema, type PublicMerchandiseOrder } from "@shared/merchandise-fulfilment";
import { asText, Field } from "@/components/form-fields/field";
import { Button } from "@/components/ui/button";
import { Form, FormControl, FormField, FormItem, FormLabel, FormMessage } from "@/components/ui/form";
import { Input } from "@/components/ui/input";
import { Textarea } from "@/components/ui/textarea";
import { toast } from "@/hooks/use-toast";
import { showFieldErrors } from "@/lib/form-errors";
import { useRequestReturn } from "../api";
import { lineLabel } from "./order-lines";

const returnFormSchema = requestReturnSchema.pick({ reason: true }).extend({
  quantities: z.record(z.string(), z.coerce.number<string>().int("Enter a whole number").min(0, "At least 0")),
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
  order: Pick<PublicMerchandiseOrder, "lines">;
  onRequested?: () => void;
}) {
  const request = useRequestReturn(token);
  const returnable = order.lines.filter((line) => line.shippedQuantity - line.returnedQuantity > 0);
  const form = useForm<ReturnFormInput, unknown, ReturnForm>({
    resolver: zodResolver(returnFormSchema),
    defaultValues: { reason: "", quantities: Object.fromEntries(returnable.map((line) => [line.id, "0"])) },
  });

  if (returnable.length === 0) {
    return <p className="text-sm text-muted-foreground">Items can be returned once they have shipped.</p>;
  }

  function submit(values: ReturnForm) {
    let valid = true;
    const lines = returnable
      .map((line) => ({ line, quantity: values.quantities[line.id] ?? 0 }))
      .filter(({ quantity }) => quantity > 0);
    for (const { line, quantity } of lines) {
      const left = line.shippedQuantity - line.returnedQuantity;
      if (quantity > left) {
        form.setError(`quantities.${line.id}`, { message: `At most ${left}` });
        valid = false;
      }
    }
    if (lines.length === 0) {
      form.setError("root", { message: "Choose at least one item to return" });
      valid = false;
    }
    if (!valid) return;
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
        <fieldset className="grid gap-3">
          <legend className="mb-1 text-sm font-medium">What would you like to return?</legend>
          {returnable.map((line) => (
            <FormField
              key={line.id}
              control={form.control}
              name={`quantities.${line.id}`}
              render={({ field }) => (
                <FormItem className="grid grid-cols-[1fr_5rem] items-center gap-2 space-y-0">
                  <FormLabel className="min-w-0 font-normal">
                    {lineLabel(line)}{" "}
                    <span className="text-xs text-muted-foreground">
                      (up to {line.shippedQuantity - line.returnedQuantity})
                    </span>
                  </FormLabel>
                  <FormControl>
                    <Input
                      {...field}
                      value={String(field.value ?? "")}
                      type="number"
                      inputMode="numeric"
                      min={0}
                      max={line.shippedQuantity - line.returnedQuantity}
                    />
                  </FormControl>
                  <FormMessage className="col-span-2" />
                </FormItem>
              )}
            />
          ))}
        </fieldset>
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
