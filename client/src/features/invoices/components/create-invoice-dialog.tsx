import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import type { CreateInvoiceInput } from "@shared/invoices";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { toast } from "@/hooks/use-toast";
import { showFieldErrors, type FieldErrorsTarget } from "@/lib/form-errors";
import { myInvoicesQuery, useCreateInvoice } from "../api";
import { invoiceDefaults, rememberedDetails, type InvoiceFormValues } from "../invoice-form";
import { InvoiceEditor } from "./invoice-editor";

/**
 * 'Create New Invoice'; the form is fresh each time the dialog opens, with the company details
 * and payment instructions of the member's last invoice.
 */
export function CreateInvoiceDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-3xl">
        <DialogHeader>
          <DialogTitle>Create New Invoice</DialogTitle>
          <DialogDescription>Fill in the details to create a new invoice</DialogDescription>
        </DialogHeader>
        {open && <CreateInvoiceForm onDone={() => onOpenChange(false)} />}
      </DialogContent>
    </Dialog>
  );
}

function CreateInvoiceForm({ onDone }: { onDone: () => void }) {
  const create = useCreateInvoice();
  const queryClient = useQueryClient();
  // The list the page shows, read once when the form opens: it refreshing behind the form must
  // not reset what is typed.
  const [defaults] = useState(() =>
    invoiceDefaults(new Date(), rememberedDetails(queryClient.getQueryData(myInvoicesQuery.queryKey) ?? [])),
  );

  // A failure's toast is the query client's ("Failed to create invoice" when the server gives no
  // reason: errorFallback in ../api.ts); its field messages go beside the fields.
  function submit(body: CreateInvoiceInput, form: FieldErrorsTarget<InvoiceFormValues>) {
    create.mutate(body, {
      onSuccess: () => {
        toast({ title: "Success!", description: "Invoice created successfully." });
        onDone();
      },
      onError: (error) => showFieldErrors(form, error),
    });
  }

  return (
    <InvoiceEditor
      defaultValues={defaults}
      withStatus
      submitLabel="Create Invoice"
      pendingLabel="Creating..."
      pending={create.isPending}
      onSubmit={submit}
      onCancel={onDone}
    />
  );
}
