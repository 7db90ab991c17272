import { useFormContext, useWatch } from "react-hook-form";
import { SelectField } from "@/components/form-fields/select-field";
import { AMOUNT_TOO_LARGE_MESSAGE } from "@shared/invoices";
import { TextField } from "@/components/form-fields/text-field";
import { formatCents, type FormTotals, type InvoiceFormValues } from "../invoice-form";

const TAX_MODE_OPTIONS = [
  { value: "amount", label: "Flat amount" },
  { value: "percent", label: "Percentage of subtotal" },
] as const;

/** Subtotal of the saved lines, the tax (a flat amount, or a percentage of the subtotal) and the total. */
export function InvoiceTotalsFields({ totals }: { totals: FormTotals }) {
  const { control } = useFormContext<InvoiceFormValues>();
  const taxMode = useWatch({ control, name: "taxMode" });
  return (
    <div className="grid gap-3 sm:ml-auto sm:w-72">
      <div className="flex justify-between text-sm">
        <span className="text-muted-foreground">Subtotal</span>
        <output aria-label="Subtotal">{formatCents(totals.subtotal)}</output>
      </div>
      <SelectField control={control} name="taxMode" label="Tax" options={TAX_MODE_OPTIONS} />
      {taxMode === "percent" ? (
        <>
          <TextField control={control} name="taxRate" label="Tax Rate (%)" inputMode="decimal" placeholder="7.5" />
          <div className="flex justify-between text-sm">
            <span className="text-muted-foreground">Tax</span>
            <output aria-label="Tax">{formatCents(totals.taxCents)}</output>
          </div>
        </>
      ) : (
        <TextField control={control} name="tax" label="Tax Amount" inputMode="decimal" placeholder="0.00" />
      )}
      <div className="flex justify-between border-t pt-3 text-lg font-semibold">
        <span>Total</span>
        <output aria-label="Total">{formatCents(totals.total)}</output>
      </div>
      {totals.tooLarge && (
        <p role="alert" className="text-sm font-medium text-destructive">
          {AMOUNT_TOO_LARGE_MESSAGE}
        </p>
      )}
    </div>
  );
}
