import { zodResolver } from "@hookform/resolvers/zod";
import { useForm, useWatch, type FieldErrors } from "react-hook-form";
import { INVOICE_SELECTABLE_STATUSES, type CreateInvoiceInput } from "@shared/invoices";
import { SelectField } from "@/components/form-fields/select-field";
import { TextAreaField } from "@/components/form-fields/text-area-field";
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
import { Form } from "@/components/ui/form";
import { toast } from "@/hooks/use-toast";
import { errorMessage } from "@/lib/api-request";
import { useCreateInvoice } from "../api";
import { formTotals, invoiceDefaults, invoiceFormSchema, type InvoiceFormValues } from "../invoice-form";
import { InvoiceTotalsFields } from "./invoice-totals-fields";
import { LineItemsFields } from "./line-items-fields";

const STATUS_LABELS: Record<(typeof INVOICE_SELECTABLE_STATUSES)[number], string> = {
  draft: "Draft",
  sent: "Sent",
  paid: "Paid",
};
const STATUS_OPTIONS = INVOICE_SELECTABLE_STATUSES.map((status) => ({ value: status, label: STATUS_LABELS[status] }));

const PARTY_FIELDS = [
  ["Name", "Name"],
  ["Email", "Email"],
  ["Address", "Address"],
  ["Phone", "Phone"],
] as const;

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
  const form = useForm({ resolver: zodResolver(invoiceFormSchema), defaultValues: invoiceDefaults() });
  const create = useCreateInvoice();
  const [items, tax] = useWatch({ control: form.control, name: ["items", "tax"] });
  const totals = formTotals({ items, tax });

  function submit(body: CreateInvoiceInput) {
    create.mutate(body, {
      onSuccess: () => {
        toast({ title: "Success!", description: "Invoice created successfully." });
        form.reset(invoiceDefaults());
        onDone();
      },
      onError: (error) =>
        toast({ title: "Error", description: errorMessage(error, "Failed to create invoice"), variant: "destructive" }),
    });
  }

  // Totals too large for the invoice are refused as a whole, beside the totals and in a toast.
  function invalid(errors: FieldErrors<InvoiceFormValues>) {
    if (errors.root?.message) toast({ title: "Error", description: errors.root.message, variant: "destructive" });
  }

  return (
    <Form {...form}>
      <form onSubmit={form.handleSubmit(submit, invalid)} noValidate className="grid gap-6">
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField control={form.control} name="invoiceNumber" label="Invoice Number" />
          <SelectField control={form.control} name="status" label="Status" options={STATUS_OPTIONS} />
          <TextField control={form.control} name="issueDate" label="Issue Date" type="date" />
          <TextField control={form.control} name="dueDate" label="Due Date" type="date" />
        </div>

        {(["company", "client"] as const).map((party) => (
          <fieldset key={party} className="grid gap-4 sm:grid-cols-2">
            <legend className="mb-2 text-base font-semibold">
              {party === "company" ? "Your Company Information" : "Client Information"}
            </legend>
            {PARTY_FIELDS.map(([suffix, label]) => (
              <TextField
                key={suffix}
                control={form.control}
                name={`${party}${suffix}`}
                label={`${party === "company" ? "Company" : "Client"} ${label}`}
                type={suffix === "Email" ? "email" : suffix === "Phone" ? "tel" : "text"}
              />
            ))}
          </fieldset>
        ))}

        <LineItemsFields totals={totals} />
        <InvoiceTotalsFields totals={totals} />

        <TextAreaField control={form.control} name="notes" label="Notes" />

        <DialogFooter>
          <Button type="button" variant="outline" onClick={onDone}>
            Cancel
          </Button>
          <Button type="submit" disabled={create.isPending}>
            {create.isPending ? "Creating..." : "Create Invoice"}
          </Button>
        </DialogFooter>
      </form>
    </Form>
  );
}
