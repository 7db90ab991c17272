import { zodResolver } from "@hookform/resolvers/zod";
import { useForm } from "react-hook-form";
import { localDate } from "@shared/dates";
import { markPaidSchema, type MarkPaidInput } from "@shared/invoice-actions";
import { asText, Field } from "@/components/form-fields/field";
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
import { Form, FormControl } from "@/components/ui/form";
import { Textarea } from "@/components/ui/textarea";
import { toast } from "@/hooks/use-toast";
import { showFieldErrors } from "@/lib/form-errors";
import { useInvoiceAction } from "../api";

/** Mark as paid: the day the money arrived (today at first) and an optional note. */
export function MarkPaidDialog({
  invoiceId,
  number,
  open,
  onOpenChange,
  onCloseAutoFocus,
}: {
  invoiceId: string;
  number: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Where the focus goes back to (the menu it was opened from). */
  onCloseAutoFocus?: (event: Event) => void;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-md" onCloseAutoFocus={onCloseAutoFocus}>
        <DialogHeader>
          <DialogTitle>Mark as paid</DialogTitle>
          <DialogDescription>When did invoice {number} get paid?</DialogDescription>
        </DialogHeader>
        {open && <MarkPaidForm invoiceId={invoiceId} number={number} onDone={() => onOpenChange(false)} />}
      </DialogContent>
    </Dialog>
  );
}

/**
 * Checked with the server's own schema before it is sent; a 400's fieldErrors go beside the
 * fields, and any failure is the default toast with the server's message.
 */
function MarkPaidForm({ invoiceId, number, onDone }: { invoiceId: string; number: string; onDone: () => void }) {
  const markPaid = useInvoiceAction(invoiceId, "mark-paid");
  const form = useForm<MarkPaidInput>({
    resolver: zodResolver(markPaidSchema),
    defaultValues: { paidOn: localDate(), note: "" },
  });

  function submit(body: MarkPaidInput) {
    markPaid.mutate(body, {
      onSuccess: () => {
        toast({ title: "Marked as paid", description: `Invoice ${number} is paid.` });
        onDone();
      },
      onError: (error) => showFieldErrors(form, error),
    });
  }

  return (
    <Form {...form}>
      <form onSubmit={form.handleSubmit(submit)} noValidate className="grid gap-4">
        <TextField control={form.control} name="paidOn" label="Paid on" type="date" />
        <Field
          control={form.control}
          name="note"
          label="Note (optional)"
          render={(field) => (
            <FormControl>
              <Textarea {...asText(field)} maxLength={1000} placeholder="Bank transfer, reference 1234" />
            </FormControl>
          )}
        />
        <DialogFooter>
          <Button type="button" variant="outline" onClick={onDone}>
            Cancel
          </Button>
          <Button type="submit" disabled={markPaid.isPending}>
            {markPaid.isPending ? "Saving..." : "Mark as paid"}
          </Button>
        </DialogFooter>
      </form>
    </Form>
  );
}
