import type { FieldValues } from "react-hook-form";
import { FormControl } from "@/components/ui/form";
import { Textarea } from "@/components/ui/textarea";
import { asText, Field, type FieldProps } from "./field";

export function TextAreaField<T extends FieldValues, Out>(props: FieldProps<T, Out> & { rows?: number }) {
  return (
    <Field
      {...props}
      render={(field) => (
        <FormControl>
          <Textarea rows={props.rows ?? 3} {...asText(field)} />
        </FormControl>
      )}
    />
  );
}
