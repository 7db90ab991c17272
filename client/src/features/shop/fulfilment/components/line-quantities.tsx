import type { ReactNode } from "react";
import type { Control, FieldValues, Path, UseFormSetError } from "react-hook-form";
import { z } from "zod";
import { FormControl, FormField, FormItem, FormLabel, FormMessage } from "@/components/ui/form";
import { Input } from "@/components/ui/input";

/** How many of each order line, by line id (the Ship dialog's parcel, the buyer's return). */
export const lineQuantitiesSchema = z.record(
  z.string(),
  z.coerce.number<string>().int("Enter a whole number").min(0, "At least 0"),
);

interface QuantityForm {
  quantities: Record<string, number | string>;
}

/**
 * The lines given a quantity above 0, each checked against what is left of it (`left`); errors
 * go beside the line (`tooMany`) or on the form (`none`). Null when anything is wrong.
 */
export function chooseLineQuantities<L extends { id: string }, F extends FieldValues & QuantityForm>(
  setError: UseFormSetError<F>,
  lines: readonly L[],
  quantities: Record<string, number>,
  rules: { left: (line: L) => number; tooMany: (left: number) => string; none: string },
): { line: L; quantity: number }[] | null {
  let valid = true;
  const chosen = lines
    .map((line) => ({ line, quantity: quantities[line.id] ?? 0 }))
    .filter(({ quantity }) => quantity > 0);
  for (const { line, quantity } of chosen) {
    const left = rules.left(line);
    if (quantity > left) {
      setError(`quantities.${line.id}` as Path<F>, { message: rules.tooMany(left) });
      valid = false;
    }
  }
  if (chosen.length === 0) {
    setError("root", { message: rules.none });
    valid = false;
  }
  return valid ? chosen : null;
}

/** One number field per line, labelled by the line, at most what is left of it. */
export function LineQuantityFields<
  L extends { id: string },
  F extends FieldValues & QuantityForm,
  O extends FieldValues = F,
>({
  control,
  legend,
  lines,
  left,
  label,
}: {
  control: Control<F, unknown, O>;
  legend: string;
  lines: readonly L[];
  left: (line: L) => number;
  label: (line: L) => ReactNode;
}) {
  return (
    <fieldset className="grid gap-3">
      <legend className="mb-1 text-sm font-medium">{legend}</legend>
      {lines.map((line) => (
        <FormField
          key={line.id}
          control={control}
          name={`quantities.${line.id}` as Path<F>}
          render={({ field }) => (
            <FormItem className="grid grid-cols-[1fr_5rem] items-center gap-2 space-y-0">
              <FormLabel className="min-w-0 font-normal">{label(line)}</FormLabel>
              <FormControl>
                <Input
                  {...field}
                  value={String(field.value ?? "")}
                  type="number"
                  inputMode="numeric"
                  min={0}
                  max={left(line)}
                />
              </FormControl>
              <FormMessage className="col-span-2" />
            </FormItem>
          )}
        />
      ))}
    </fieldset>
  );
}
