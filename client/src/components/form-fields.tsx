// Every field of a react-hook-form form goes through one of these (label, control,
// description, message, the ids that tie them together), so a form lists its fields instead
// of repeating the FormField scaffolding, and every field behaves and reads the same.
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
import { Switch } from "@/components/ui/switch";
import { Textarea } from "@/components/ui/textarea";

type FieldProps<T extends FieldValues, Out> = {
  control: Control<T, unknown, Out>;
  name: FieldPath<T>;
  label: string;
  description?: ReactNode;
  /** Classes of the field's wrapper, e.g. a grid span. */
  className?: string;
  /** Shown at the end of the label's line, e.g. a status badge. */
  labelAside?: ReactNode;
};

type RenderedField = { value: unknown; onChange: (value: unknown) => void; onBlur: () => void; name: string };

function Field<T extends FieldValues, Out>({
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
const asText = (field: RenderedField) => ({ ...field, value: (field.value as string | null | undefined) ?? "" });

/**
 * A text-like input (text, email, url, date, time, password, ...). `action` sits beside the
 * input, e.g. a button that acts on the value.
 */
export function TextField<T extends FieldValues, Out>(
  props: FieldProps<T, Out> & Omit<ComponentProps<"input">, "name" | "className"> & { action?: ReactNode },
) {
  const { control: _c, name: _n, label: _l, description: _d, className: _cn, labelAside: _la, action, ...inputProps } = props;
  const input = (field: RenderedField) => (
    <FormControl>
      <Input {...inputProps} {...asText(field)} />
    </FormControl>
  );
  return (
    <Field
      {...props}
      render={(field) => (action ? <div className="flex gap-2">{input(field)}{action}</div> : input(field))}
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

/**
 * An on/off setting stored as 1 or 0 (the tables' integer flags), the switch before its label
 * and description.
 */
export function SwitchField<T extends FieldValues, Out>(props: Omit<FieldProps<T, Out>, "className" | "labelAside">) {
  const { control, name, label, description } = props;
  return (
    <FormField
      control={control}
      name={name}
      render={({ field }) => (
        <FormItem className="flex flex-row items-start gap-3 rounded-md border p-3">
          <FormControl>
            <Switch checked={field.value === 1} onCheckedChange={(on) => field.onChange(on ? 1 : 0)} onBlur={field.onBlur} />
          </FormControl>
          <div className="grid gap-1">
            <FormLabel>{label}</FormLabel>
            {description && <FormDescription>{description}</FormDescription>}
            <FormMessage />
          </div>
        </FormItem>
      )}
    />
  );
}
