// Every field of a react-hook-form form goes through components/form-fields/ (label, control,
// description, message, the ids that tie them together), so a form lists its fields instead
// of repeating the FormField scaffolding, and every field behaves and reads the same. One
// file per kind of field, so a form that needs no select or switch does not load them.
import type { ReactNode } from "react";
import type { Control, FieldPath, FieldValues } from "react-hook-form";
import { FormDescription, FormField, FormItem, FormLabel, FormMessage } from "@/components/ui/form";

export type FieldProps<T extends FieldValues, Out> = {
  control: Control<T, unknown, Out>;
  name: FieldPath<T>;
  label: string;
  description?: ReactNode;
  /** Classes of the field's wrapper, e.g. a grid span. */
  className?: string;
  /** Shown at the end of the label's line, e.g. a status badge. */
  labelAside?: ReactNode;
};

export type RenderedField = { value: unknown; onChange: (value: unknown) => void; onBlur: () => void; name: string };

export function Field<T extends FieldValues, Out>({
  control,
  name,
  label,
  description,
  className,
  labelAside,
  render,
}: FieldProps<T, Out> & {
  render: (field: RenderedField) => ReactNode;
}) {
  return (
    <FormField
      control={control}
      name={name}
      render={({ field }) => (
        <FormItem className={className}>
          {labelAside ? (
            <div className="flex items-center justify-between gap-2">
              <FormLabel>{label}</FormLabel>
              {labelAside}
            </div>
          ) : (
            <FormLabel>{label}</FormLabel>
          )}
          {render(field)}
          {description && <FormDescription>{description}</FormDescription>}
          <FormMessage />
        </FormItem>
      )}
    />
  );
}

/** Text controls show a null or missing value as an empty box. */
export const asText = (field: RenderedField) => ({ ...field, value: (field.value as string | null | undefined) ?? "" });
