import { Plus, Trash2 } from "lucide-react";
import { useFieldArray, useFormContext } from "react-hook-form";
import { Button } from "@/components/ui/button";
import { TextField } from "@/components/form-fields/text-field";
import { EMPTY_LINE, formatCents, type FormTotals, type InvoiceFormValues } from "../invoice-form";

/**
 * 'Line Items': description, qty, price and the computed line total; a line
 * can be removed only while there is more than one.
 */
export function LineItemsFields({ totals }: { totals: FormTotals }) {
  const { control } = useFormContext<InvoiceFormValues>();
  const { fields, append, remove } = useFieldArray({ control, name: "items" });

  return (
    <fieldset className="grid gap-3">
      <legend className="mb-2 text-base font-semibold">Line Items</legend>
      <ol className="grid gap-3">
        {fields.map((line, index) => (
          <li
            key={line.id}
            className="grid gap-3 rounded-md border p-3 sm:grid-cols-[1fr_5rem_7rem_7rem_auto] sm:items-end"
          >
            <TextField control={control} name={`items.${index}.description`} label="Description" />
            <TextField control={control} name={`items.${index}.quantity`} label="Qty" inputMode="numeric" />
            <TextField
              control={control}
              name={`items.${index}.unitPrice`}
              label="Price"
              inputMode="decimal"
              placeholder="0.00"
            />
            <div className="grid gap-2">
              <span className="text-sm font-medium leading-none">Total</span>
              <output className="flex h-10 items-center text-sm font-medium" aria-label={`Line ${index + 1} total`}>
                {formatCents(totals.shownLineTotals[index])}
              </output>
            </div>
            {fields.length > 1 ? (
              <Button
                type="button"
                variant="ghost"
                size="icon"
                aria-label={`Remove item ${index + 1}`}
                className="text-destructive hover:text-destructive"
                onClick={() => remove(index)}
              >
                <Trash2 aria-hidden="true" />
              </Button>
            ) : (
              <span aria-hidden="true" className="hidden size-10 sm:block" />
            )}
            {totals.incomplete[index] && (
              <p className="text-xs text-muted-foreground sm:col-span-5">
                Not included: a line needs a description, a quantity above 0 and a price of at least 0.
              </p>
            )}
          </li>
        ))}
      </ol>
      <Button type="button" variant="outline" className="justify-self-start" onClick={() => append({ ...EMPTY_LINE })}>
        <Plus aria-hidden="true" />
        Add Item
      </Button>
    </fieldset>
  );
}
