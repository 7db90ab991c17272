import type { FieldValues } from "react-hook-form";
import { FormControl } from "@/components/ui/form";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";
import { Field, type FieldProps } from "./field";

/** A choice among fixed options; `parse` turns the chosen option back into the field's type. */
export function SelectField<T extends FieldValues, Out>(
  props: FieldProps<T, Out> & {
    options: readonly { value: string; label: string }[];
    parse?: (value: string) => unknown;
  },
) {
  const { options, parse = (value: string) => value } = props;
  return (
    <Field
      {...props}
      render={(field) => (
        <Select value={String(field.value)} onValueChange={(value) => field.onChange(parse(value))}>
          <FormControl>
            <SelectTrigger onBlur={field.onBlur}>
              <SelectValue />
            </SelectTrigger>
          </FormControl>
          <SelectContent>
            {options.map((option) => (
              <SelectItem key={option.value} value={option.value}>
                {option.label}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
      )}
    />
  );
}
