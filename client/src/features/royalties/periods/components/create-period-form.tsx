import { zodResolver } from "@hookform/resolvers/zod";
import { useForm } from "react-hook-form";
import { formatDayRange } from "@shared/dates";
import { createRoyaltyPeriodSchema, type CreateRoyaltyPeriodInput } from "@shared/royalty-statements";
import { TextField } from "@/components/form-fields/text-field";
import { Button } from "@/components/ui/button";
import { Form } from "@/components/ui/form";
import { toast } from "@/hooks/use-toast";
import { showFieldErrors } from "@/lib/form-errors";
import { useCreatePeriod } from "../api";

/** Opens a period: its first and last day, both counted (an overlap is refused by the server). */
export function CreatePeriodForm() {
  const create = useCreatePeriod();
  const form = useForm<CreateRoyaltyPeriodInput>({
    resolver: zodResolver(createRoyaltyPeriodSchema),
    defaultValues: { start: "", end: "" },
  });
  return (
    <Form {...form}>
      <form
        aria-label="New period"
        noValidate
        className="grid gap-3 rounded-lg border bg-card p-4 sm:grid-cols-[1fr_1fr_auto] sm:items-end"
        onSubmit={form.handleSubmit((values) =>
          create.mutate(values, {
            onSuccess: (period) => {
              toast({ title: "Period opened", description: formatDayRange(period.start, period.end) });
              form.reset();
            },
            onError: (error) => showFieldErrors(form, error),
          }),
        )}
      >
        <TextField control={form.control} name="start" label="First day" type="date" />
        <TextField control={form.control} name="end" label="Last day" type="date" />
        <Button type="submit" disabled={create.isPending}>
          {create.isPending ? "Opening..." : "Open period"}
        </Button>
      </form>
    </Form>
  );
}
