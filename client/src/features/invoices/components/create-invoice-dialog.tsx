import type { CreateInvoiceInput } from "@shared/invoices";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { toast } from "@/hooks/use-toast";
import { errorMessage } from "@/lib/api-request";
import { useCreateInvoice } from "../api";
import { invoiceDefaults } from "../invoice-form";
import { InvoiceEditor } from "./invoice-editor";

/** 'Create New Invoice'; the form is fresh each time the dialog opens. */
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

  function submit(body: CreateInvoiceInput) {
    create.mutate(body, {
      onSuccess: () => {
        toast({ title: "Success!", description: "Invoice created successfully." });
        onDone();
      },
      onError: (error) =>
        toast({ title: "Error", description: errorMessage(error, "Failed to create invoice"), variant: "destructive" }),
    });
  }

  return (
    <InvoiceEditor
      defaultValues={invoiceDefaults()}
      withStatus
      submitLabel="Create Invoice"
      pendingLabel="Creating..."
      pending={create.isPending}
      onSubmit={submit}
      onCancel={onDone}
    />
  );
}
