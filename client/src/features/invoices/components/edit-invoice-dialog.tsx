import type { CreateInvoiceInput, InvoiceWithItems } from "@shared/invoices";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { toast } from "@/hooks/use-toast";
import { showFieldErrors, type FieldErrorsTarget } from "@/lib/form-errors";
import { useInvoiceAction } from "../api";
import { toFormValues, type InvoiceFormValues } from "../invoice-form";
import { InvoiceEditor } from "./invoice-editor";

/** Edit: the create form, filled in; a sent invoice can still be corrected until it is paid. */
export function EditInvoiceDialog({
  invoice,
  open,
  onOpenChange,
  onCloseAutoFocus,
}: {
  invoice: InvoiceWithItems;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Where the focus goes back to (the menu it was opened from). */
  onCloseAutoFocus?: (event: Event) => void;
}) {
  const update = useInvoiceAction(invoice.id, "update");

  // A failure is the default toast with the server's message; a 400's fields are shown beside them too.
  function submit({ status: _status, ...body }: CreateInvoiceInput, form: FieldErrorsTarget<InvoiceFormValues>) {
    update.mutate(body, {
      onSuccess: () => {
        toast({ title: "Saved", description: `Invoice ${body.invoiceNumber} was updated.` });
        onOpenChange(false);
      },
      onError: (error) => showFieldErrors(form, error),
    });
  }

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-3xl" onCloseAutoFocus={onCloseAutoFocus}>
        <DialogHeader>
          <DialogTitle>Edit Invoice {invoice.invoiceNumber}</DialogTitle>
          <DialogDescription>Change any detail; the totals are worked out again when you save.</DialogDescription>
        </DialogHeader>
        {open && (
          <InvoiceEditor
            defaultValues={toFormValues(invoice)}
            withStatus={false}
            submitLabel="Save Changes"
            pendingLabel="Saving..."
            pending={update.isPending}
            onSubmit={submit}
            onCancel={() => onOpenChange(false)}
          />
        )}
      </DialogContent>
    </Dialog>
  );
}
