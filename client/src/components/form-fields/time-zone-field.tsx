import type { FieldValues } from "react-hook-form";
import { FormControl } from "@/components/ui/form";
import { inputClassName } from "@/components/ui/input";
import { timeZoneGroups, timeZoneLabel } from "@/lib/time-zones";
import { cn } from "@/lib/utils";
import { Field, type FieldProps } from "./field";

/**
 * The venue's IANA time zone: a native select grouped by region, so it types ahead ("New Y…")
 * on every platform and opens the phone's own picker. The value is the zone's id.
 */
export function TimeZoneField<T extends FieldValues, Out>(props: FieldProps<T, Out>) {
  return (
    <Field
      {...props}
      render={(field) => {
        const value = typeof field.value === "string" ? field.value : "";
        return (
          <FormControl>
            <select
              name={field.name}
              value={value}
              onChange={(event) => field.onChange(event.target.value)}
              onBlur={field.onBlur}
              className={cn(inputClassName, "bg-background pr-8")}
            >
              {timeZoneGroups(value || undefined).map(({ region, zones }) => (
                <optgroup key={region} label={region}>
                  {zones.map((zone) => (
                    <option key={zone} value={zone}>
                      {region === "Other" ? zone : `${timeZoneLabel(zone)} (${zone})`}
                    </option>
                  ))}
                </optgroup>
              ))}
            </select>
          </FormControl>
        );
      }}
    />
  );
}
