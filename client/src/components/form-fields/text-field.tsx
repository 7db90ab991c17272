import type { ComponentProps, ReactNode } from "react";
import type { FieldValues } from "react-hook-form";
import { FormControl } from "@/components/ui/form";
import { Input } from "@/components/ui/input";
import { asText, Field, type FieldProps, type RenderedField } from "./field";

/**
 * A text-like input (text, email, url, date, time, password, ...). `action` sits beside the
 * input, e.g. a button that acts on the value.
 */
export function TextField<T extends FieldValues, Out>(
  props: FieldProps<T, Out> & Omit<ComponentProps<"input">, "name" | "className"> & { action?: ReactNode },
) {
  const {
    control: _c,
    name: _n,
    label: _l,
    description: _d,
    className: _cn,
    labelAside: _la,
    action,
    ...inputProps
  } = props;
  const input = (field: RenderedField) => (
    <FormControl>
      <Input {...inputProps} {...asText(field)} />
    </FormControl>
  );
  return (
    <Field
      {...props}
      render={(field) =>
        action ? (
          <div className="flex gap-2">
            {input(field)}
            {action}
          </div>
        ) : (
          input(field)
        )
      }
    />
  );
}
