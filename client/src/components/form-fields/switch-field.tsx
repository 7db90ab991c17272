import type { FieldValues } from "react-hook-form";
import { FormControl, FormDescription, FormField, FormItem, FormLabel, FormMessage } from "@/components/ui/form";
import { Switch } from "@/components/ui/switch";
import type { FieldProps } from "./field";

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
            <Switch
              checked={field.value === 1}
              onCheckedChange={(on) => field.onChange(on ? 1 : 0)}
              onBlur={field.onBlur}
            />
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
