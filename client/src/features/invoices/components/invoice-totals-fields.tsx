import { useFormContext } from "react-hook-form";
import { AMOUNT_TOO_LARGE_MESSAGE } from "@shared/invoices";
import { TextField } from "@/components/form-fields/text-field";
import { formatCents, type FormTotals, type InvoiceFormValues } from "../invoice-form";

/** Subtotal of the saved lines, the flat tax amount (not a percentage) and the total. */
export function InvoiceTotalsFields({ totals }: { totals: FormTotals }) {
  const { control } = useFormContext<InvoiceFormValues>();
  return (
    <div className="grid gap-3 sm:ml-auto sm:w-72">
      <div className="flex justify-between text-sm">
        <span className="text-muted-foreground">Subtotal</span>
        <output aria-label="Subtotal">{formatCents(totals.subtotal)}</output>
      </div>
      <TextField control={control} name="tax" label="Tax Amount" inputMode="decimal" placeholder="0.00" />
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
