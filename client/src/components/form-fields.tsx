// One labelled field of a react-hook-form form (label, control, description, message), so a
// dialog lists its fields instead of repeating the FormField scaffolding for each one.
import type { ComponentProps, ReactNode } from "react";
import type { Control, FieldPath, FieldValues } from "react-hook-form";
import {
  FormControl,
  FormDescription,
  FormField,
  FormItem,
  FormLabel,
  FormMessage,
} from "@/components/ui/form";
import { Input } from "@/components/ui/input";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";
import { Textarea } from "@/components/ui/textarea";

type FieldProps<T extends FieldValues, Out> = {
  control: Control<T, unknown, Out>;
  name: FieldPath<T>;
  label: string;
  description?: ReactNode;
};

type RenderedField = { value: unknown; onChange: (value: unknown) => void; onBlur: () => void; name: string };

function Field<T extends FieldValues, Out>({
  control,
  name,
  label,
  description,
  render,
}: FieldProps<T, Out> & {
  render: (field: RenderedField) => ReactNode;
}) {
  return (
    <FormField
      control={control}
      name={name}
      render={({ field }) => (
        <FormItem>
          <FormLabel>{label}</FormLabel>
          {render(field)}
          {description && <FormDescription>{description}</FormDescription>}
          <FormMessage />
        </FormItem>
      )}
    />
  );
}

/** Text controls show a null or missing value as an empty box. */
const asText = (field: RenderedField) => ({ ...field, value: (field.value as string | null | undefined) ?? "" });

/** A text-like input (text, url, date, time, password, ...). */
export function TextField<T extends FieldValues, Out>(
  props: FieldProps<T, Out> & Omit<ComponentProps<"input">, "name">,
) {
  const { control: _control, name: _name, label: _label, description: _description, ...inputProps } = props;
  return (
    <Field
      {...props}
      render={(field) => (
        <FormControl>
          <Input {...inputProps} {...asText(field)} />
        </FormControl>
      )}
    />
  );
}

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

/** A whole, non-negative number; an empty box means "not given", so the schema's default applies. */
export function CountField<T extends FieldValues, Out>(props: FieldProps<T, Out>) {
  return (
    <Field
      {...props}
      render={(field) => (
        <FormControl>
          <Input
            type="number"
            min={0}
            step={1}
            {...field}
            value={(field.value as number | undefined) ?? ""}
            onChange={(event) => field.onChange(event.target.value === "" ? undefined : event.target.valueAsNumber)}
          />
        </FormControl>
      )}
    />
  );
}

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
