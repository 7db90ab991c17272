import type { FieldValues } from "react-hook-form";
import { FormControl } from "@/components/ui/form";
import { inputClassName } from "@/components/ui/input";
import { cn } from "@/lib/utils";
import { Field, type FieldProps } from "./field";

/**
 * A choice from a list that can be long or empty (a select element: type-ahead, the phone's own
 * picker). The option with value "" stands for null, so "none" is a real choice.
 */
export function NativeSelectField<T extends FieldValues, Out>(
  props: FieldProps<T, Out> & { options: readonly { value: string; label: string }[] },
) {
  return (
    <Field
      {...props}
      render={(field) => (
        <FormControl>
          <select
            name={field.name}
            value={typeof field.value === "string" ? field.value : ""}
            onChange={(event) => field.onChange(event.target.value === "" ? null : event.target.value)}
            onBlur={field.onBlur}
            className={cn(inputClassName, "bg-background pr-8")}
          >
            {props.options.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </select>
        </FormControl>
      )}
    />
  );
}
