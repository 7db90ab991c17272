import type { ComponentProps } from "react";
import type { FieldValues } from "react-hook-form";
import { FormControl } from "@/components/ui/form";
import { Input } from "@/components/ui/input";
import { Field, type FieldProps } from "./field";

/**
 * A whole number. `empty` is what an empty box stands for: undefined (not given, so the
 * schema's default applies), null (none) or NaN (missing, so the schema says a number is
 * needed). min 0 and step 1 unless given.
 */
export function CountField<T extends FieldValues, Out>(
  props: FieldProps<T, Out> &
    Pick<ComponentProps<"input">, "min" | "max" | "step" | "inputMode"> & { empty?: undefined | null | number },
) {
  const { empty, min = 0, step = 1, max, inputMode } = props;
  return (
    <Field
      {...props}
      render={(field) => {
        const value = field.value as number | null | undefined;
        return (
          <FormControl>
            <Input
              type="number"
              min={min}
              step={step}
              max={max}
              inputMode={inputMode}
              {...field}
              value={value == null || Number.isNaN(value) ? "" : value}
              onChange={(event) => field.onChange(event.target.value === "" ? empty : event.target.valueAsNumber)}
            />
          </FormControl>
        );
      }}
    />
  );
}
