import { zodResolver } from "@hookform/resolvers/zod";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { localDate } from "@shared/dates";
import { formatMoney } from "@shared/money";
import { recordPayoutSchema, type RecordPayoutInput, type RoyaltyStatement } from "@shared/royalty-statements";
import { TextField } from "@/components/form-fields/text-field";
import { Button } from "@/components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from "@/components/ui/dialog";
import { Form } from "@/components/ui/form";
import { toast } from "@/hooks/use-toast";
import { showFieldErrors } from "@/lib/form-errors";
import { useRecordPayout } from "../api";

/** Records that a statement's payable amount was paid: the day and the transfer's reference. */
export function MarkPaidDialog({ statement }: { statement: RoyaltyStatement }) {
  const [open, setOpen] = useState(false);
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button size="sm" variant="outline">
          Mark paid <span className="sr-only">for {statement.payeeName}</span>
        </Button>
      </DialogTrigger>
      <DialogContent className="max-h-[90dvh] max-w-md overflow-y-auto">
        <DialogHeader>
          <DialogTitle>Mark {statement.payeeName} paid</DialogTitle>
          <DialogDescription>
            {formatMoney(statement.payable)} paid. Their next statement deducts it from the opening balance.
          </DialogDescription>
        </DialogHeader>
        {open && <MarkPaidForm statement={statement} onDone={() => setOpen(false)} />}
      </DialogContent>
    </Dialog>
  );
}

function MarkPaidForm({ statement, onDone }: { statement: RoyaltyStatement; onDone: () => void }) {
  const record = useRecordPayout(statement.id, statement.periodId);
  const form = useForm<RecordPayoutInput>({
    resolver: zodResolver(recordPayoutSchema),
    defaultValues: { paidOn: localDate(), reference: "" },
  });
  return (
    <Form {...form}>
      <form
        noValidate
        className="grid gap-4"
        onSubmit={form.handleSubmit((values) =>
          record.mutate(
            { paidOn: values.paidOn, reference: values.reference ?? null },
            {
              onSuccess: () => {
                toast({
                  title: "Payout recorded",
                  description: `${statement.payeeName}: ${formatMoney(statement.payable)}`,
                });
                onDone();
              },
              onError: (error) => showFieldErrors(form, error),
            },
          ),
        )}
      >
        <TextField control={form.control} name="paidOn" label="Paid on" type="date" />
        <TextField control={form.control} name="reference" label="Reference (optional)" maxLength={200} />
        <DialogFooter>
          <Button type="button" variant="outline" onClick={onDone}>
            Cancel
          </Button>
          <Button type="submit" disabled={record.isPending}>
            {record.isPending ? "Saving..." : "Mark paid"}
          </Button>
        </DialogFooter>
      </form>
    </Form>
  );
}
