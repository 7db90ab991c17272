import { useForm, useWatch, type FieldPath } from "react-hook-form";
import { AMOUNT_TOO_LARGE_MESSAGE, createInvoiceSchema, INVOICE_SELECTABLE_STATUSES } from "@shared/invoices";
import { SelectField } from "@/components/form-fields";
import { Button } from "@/components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "@/components/ui/dialog";
import { Form, FormControl, FormField, FormItem, FormLabel, FormMessage } from "@/components/ui/form";
import { Textarea } from "@/components/ui/textarea";
import { toast } from "@/hooks/use-toast";
import { errorMessage } from "@/lib/api-request";
import { useCreateInvoice } from "../api";
import { formTotals, invoiceDefaults, toCreateInvoiceBody, type InvoiceFormValues } from "../form";
import { InvoiceTextField } from "./invoice-text-field";
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

/** 'Create New Invoice' (SPEC.md 2.8); the form is fresh each time the dialog opens. */
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
  const form = useForm<InvoiceFormValues>({ defaultValues: invoiceDefaults() });
  const create = useCreateInvoice();
  const [items, tax] = useWatch({ control: form.control, name: ["items", "tax"] });
  const totals = formTotals({ items, tax });

  function submit(values: InvoiceFormValues) {
    const current = formTotals(values);
    if (current.tooLarge) {
      toast({ title: "Error", description: AMOUNT_TOO_LARGE_MESSAGE, variant: "destructive" });
      return;
    }
    const body = toCreateInvoiceBody(values, current);
    // The server's own schema, checked here first so mistakes show beside their fields.
    const checked = createInvoiceSchema.safeParse(body);
    if (!checked.success) {
      const kept = current.savable.flatMap((ok, index) => (ok ? [index] : []));
      for (const issue of checked.error.issues) {
        const [key, line, part] = issue.path.map(String);
        const message = key === "issueDate" || key === "dueDate" ? "Enter a date" : issue.message;
        const name = key === "items" ? `items.${kept[Number(line)]}.${part}` : key;
        form.setError(name as FieldPath<InvoiceFormValues>, { message });
      }
      return;
    }
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

  return (
    <Form {...form}>
      <form onSubmit={form.handleSubmit(submit)} noValidate className="grid gap-6">
        <div className="grid gap-4 sm:grid-cols-2">
          <InvoiceTextField name="invoiceNumber" label="Invoice Number" />
          <SelectField control={form.control} name="status" label="Status" options={STATUS_OPTIONS} />
          <InvoiceTextField name="issueDate" label="Issue Date" type="date" />
          <InvoiceTextField name="dueDate" label="Due Date" type="date" />
        </div>

        {(["company", "client"] as const).map((party) => (
          <fieldset key={party} className="grid gap-4 sm:grid-cols-2">
            <legend className="mb-2 text-base font-semibold">
              {party === "company" ? "Your Company Information" : "Client Information"}
            </legend>
            {PARTY_FIELDS.map(([suffix, label]) => (
              <InvoiceTextField
                key={suffix}
                name={`${party}${suffix}`}
                label={`${party === "company" ? "Company" : "Client"} ${label}`}
                type={suffix === "Email" ? "email" : suffix === "Phone" ? "tel" : "text"}
              />
            ))}
          </fieldset>
        ))}

        <LineItemsFields totals={totals} />
        <InvoiceTotalsFields totals={totals} />

        <FormField
          control={form.control}
          name="notes"
          render={({ field }) => (
            <FormItem>
              <FormLabel>Notes</FormLabel>
              <FormControl>
                <Textarea rows={3} {...field} />
              </FormControl>
              <FormMessage />
            </FormItem>
          )}
        />

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
