import { zodResolver } from "@hookform/resolvers/zod";
import { useId } from "react";
import { useForm } from "react-hook-form";
import { localDate } from "@shared/dates";
import { advanceInputSchema, type AdvanceInput } from "@shared/royalty-catalogue";
import { TextField } from "@/components/form-fields/text-field";
import { Button } from "@/components/ui/button";
import { Form } from "@/components/ui/form";
import { toast } from "@/hooks/use-toast";
import { showFieldErrors } from "@/lib/form-errors";
import { useAddAdvance } from "../api";

/** "Add advance": money paid ahead to a payee, recouped by their statements from its date on. */
export function AdvanceForm({ payeeId }: { payeeId: string }) {
  const form = useForm({
    resolver: zodResolver(advanceInputSchema),
    defaultValues: { amount: "", date: localDate(), note: "" },
  });
  const { control } = form;
  const headingId = useId();
  const add = useAddAdvance(payeeId);
  const submit = (values: AdvanceInput) =>
    add.mutate(values, {
      onSuccess: () => {
        toast({ title: "Success", description: "Advance added" });
        form.reset({ amount: "", date: values.date, note: "" });
      },
      onError: (error) => showFieldErrors(form, error),
    });

  return (
    <Form {...form}>
      <form onSubmit={form.handleSubmit(submit)} noValidate aria-labelledby={headingId} className="grid gap-3">
        <h4 id={headingId} className="text-sm font-semibold">
          Add an advance
        </h4>
        <div className="grid gap-3 sm:grid-cols-2">
          <TextField control={control} name="amount" label="Amount (USD)" inputMode="decimal" placeholder="500.00" />
          <TextField control={control} name="date" label="Date" type="date" />
        </div>
        <TextField control={control} name="note" label="Note (optional)" />
        <Button type="submit" className="justify-self-start" disabled={add.isPending}>
          Add advance
        </Button>
      </form>
    </Form>
  );
}
