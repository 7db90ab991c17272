import { zodResolver } from "@hookform/resolvers/zod";
import { useForm } from "react-hook-form";
import { stockRequestSchema } from "@shared/merchandise-variants";
import { TextField } from "@/components/form-fields/text-field";
import { Button } from "@/components/ui/button";
import { Form } from "@/components/ui/form";
import { showFieldErrors } from "@/lib/form-errors";
import { useRequestStock } from "../api";

/**
 * "Tell me when it's back": one e-mail when a sold-out combination is in stock again, once the
 * address is confirmed by the link the server e-mails (docs/product.md, "Shop").
 */
export function StockRequestForm({ variantId, what, email = "" }: { variantId: string; what: string; email?: string }) {
  const request = useRequestStock();
  const form = useForm({ resolver: zodResolver(stockRequestSchema), defaultValues: { email } });

  if (request.isSuccess && request.variables.variantId === variantId) {
    return (
      <p role="status" className="rounded-md border bg-muted/50 p-3 text-sm">
        Almost done: open the link we sent to {request.variables.email} to confirm. Then we'll e-mail you once when{" "}
        {what} is back.
      </p>
    );
  }
  return (
    <Form {...form}>
      <form
        noValidate
        aria-label="Tell me when it's back"
        className="grid gap-2 rounded-md border p-3"
        onSubmit={form.handleSubmit(({ email: address }) =>
          request.mutate({ variantId, email: address }, { onError: (error) => showFieldErrors(form, error) }),
        )}
      >
        <p className="text-sm font-medium">Sold out. Tell me when it's back:</p>
        <TextField
          control={form.control}
          name="email"
          label="Email"
          type="email"
          autoComplete="email"
          action={
            <Button type="submit" variant="secondary" disabled={request.isPending}>
              {request.isPending ? "Saving..." : "Notify me"}
            </Button>
          }
        />
      </form>
    </Form>
  );
}
