import { zodResolver } from "@hookform/resolvers/zod";
import { useForm, useWatch, type FieldErrors } from "react-hook-form";
import { INVOICE_SELECTABLE_STATUSES, type CreateInvoiceInput } from "@shared/invoices";
import { SelectField } from "@/components/form-fields/select-field";
import { TextAreaField } from "@/components/form-fields/text-area-field";
import { TextField } from "@/components/form-fields/text-field";
import { Button } from "@/components/ui/button";
import { DialogFooter } from "@/components/ui/dialog";
import { Form } from "@/components/ui/form";
import { toast } from "@/hooks/use-toast";
import type { FieldErrorsTarget } from "@/lib/form-errors";
import { formTotals, invoiceFormSchema, type InvoiceFormValues } from "../invoice-form";
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
  ["Phone", "Phone"],
  ["Address", "Address"],
] as const;

/**
 * The invoice form, for creating and for editing: every field, the lines and the totals,
 * checked with the server's own schema before anything is sent. The status is chosen only
 * when creating; afterwards it changes through the invoice's actions.
 */
export function InvoiceEditor(props: {
  defaultValues: InvoiceFormValues;
  withStatus: boolean;
  submitLabel: string;
  pendingLabel: string;
  pending: boolean;
  /** `form` takes a 400's fieldErrors beside the fields (showFieldErrors). */
  onSubmit: (body: CreateInvoiceInput, form: FieldErrorsTarget<InvoiceFormValues>) => void;
  onCancel: () => void;
}) {
  const form = useForm({ resolver: zodResolver(invoiceFormSchema), defaultValues: props.defaultValues });
  const [items, tax, taxMode, taxRate] = useWatch({
    control: form.control,
    name: ["items", "tax", "taxMode", "taxRate"],
  });
  const totals = formTotals({ items, tax, taxMode, taxRate });

  // Totals too large for the invoice are refused as a whole, beside the totals and in a toast.
  function invalid(errors: FieldErrors<InvoiceFormValues>) {
    if (errors.root?.message) toast({ title: "Error", description: errors.root.message, variant: "destructive" });
  }

  return (
    <Form {...form}>
      <form
        onSubmit={form.handleSubmit((body) => props.onSubmit(body, form), invalid)}
        noValidate
        className="grid gap-6"
      >
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField control={form.control} name="invoiceNumber" label="Invoice Number" />
          {props.withStatus && (
            <SelectField control={form.control} name="status" label="Status" options={STATUS_OPTIONS} />
          )}
          <TextField control={form.control} name="issueDate" label="Issue Date" type="date" />
          <TextField control={form.control} name="dueDate" label="Due Date" type="date" />
        </div>

        {(["company", "client"] as const).map((party) => (
          <fieldset key={party} className="grid gap-4 sm:grid-cols-2">
            <legend className="mb-2 text-base font-semibold">
              {party === "company" ? "Your Company Information" : "Client Information"}
            </legend>
            {PARTY_FIELDS.map(([suffix, label]) =>
              // The name and the address take the whole row (an address runs over several lines, as
              // on an envelope and on the invoice); e-mail and phone share one.
              suffix === "Address" ? (
                <TextAreaField
                  key={suffix}
                  control={form.control}
                  name={`${party}${suffix}`}
                  label={`${party === "company" ? "Company" : "Client"} ${label}`}
                  rows={3}
                  className="sm:col-span-2"
                />
              ) : (
                <TextField
                  key={suffix}
                  control={form.control}
                  name={`${party}${suffix}`}
                  label={`${party === "company" ? "Company" : "Client"} ${label}`}
                  type={suffix === "Email" ? "email" : suffix === "Phone" ? "tel" : "text"}
                  className={suffix === "Name" ? "sm:col-span-2" : undefined}
                />
              ),
            )}
          </fieldset>
        ))}

        <LineItemsFields totals={totals} />
        <InvoiceTotalsFields totals={totals} />

        <TextAreaField control={form.control} name="notes" label="Notes" />
        <TextAreaField
          control={form.control}
          name="paymentInstructions"
          label="Payment Instructions"
          description="Bank details and terms, shown to the client on the invoice while card payment is not offered. Your next invoice starts with them."
        />

        <DialogFooter>
          <Button type="button" variant="outline" onClick={props.onCancel}>
            Cancel
          </Button>
          <Button type="submit" disabled={props.pending}>
            {props.pending ? props.pendingLabel : props.submitLabel}
          </Button>
        </DialogFooter>
      </form>
    </Form>
  );
}
