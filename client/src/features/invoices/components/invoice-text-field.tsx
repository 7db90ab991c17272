import type { ComponentProps } from "react";
import { useFormContext, type FieldPath } from "react-hook-form";
import { FormControl, FormField, FormItem, FormLabel, FormMessage } from "@/components/ui/form";
import { Input } from "@/components/ui/input";
import type { InvoiceFormValues } from "../form";

type TextName = Exclude<FieldPath<InvoiceFormValues>, "items" | `items.${string}` | "status">;

/** One labelled input of the create-invoice form, with its error message. */
export function InvoiceTextField({
  name,
  label,
  ...inputProps
}: { name: TextName; label: string } & Omit<ComponentProps<"input">, "name">) {
  const { control } = useFormContext<InvoiceFormValues>();
  return (
    <FormField
      control={control}
      name={name}
      render={({ field }) => (
        <FormItem>
          <FormLabel>{label}</FormLabel>
          <FormControl>
            <Input {...inputProps} {...field} />
          </FormControl>
          <FormMessage />
        </FormItem>
      )}
    />
  );
}
