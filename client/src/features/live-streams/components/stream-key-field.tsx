import type { Control } from "react-hook-form";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { FormControl, FormDescription, FormField, FormItem, FormLabel, FormMessage } from "@/components/ui/form";
import { Input } from "@/components/ui/input";
import type { LiveStreamFormInput, LiveStreamFormOutput, StreamKeyName } from "./live-stream-form";

/**
 * A write-only secret: the current key is never shown (the API only says whether one is set).
 * Blank keeps it; 'Clear' removes it on save.
 */
export function StreamKeyField({
  control,
  name,
  label,
  isSet,
  cleared,
  onClearChange,
}: {
  control: Control<LiveStreamFormInput, unknown, LiveStreamFormOutput>;
  name: StreamKeyName;
  label: string;
  isSet: boolean;
  cleared: boolean;
  onClearChange: (cleared: boolean) => void;
}) {
  const hint = cleared
    ? "The current key will be removed when you save."
    : isSet
      ? "Leave blank to keep the current key."
      : "Optional. Shows this platform's badge on the landing page while live.";
  return (
    <FormField
      control={control}
      name={name}
      render={({ field }) => (
        <FormItem>
          <div className="flex items-center justify-between gap-2">
            <FormLabel>{label}</FormLabel>
            <Badge variant={isSet && !cleared ? "default" : "outline"}>{isSet && !cleared ? "Set" : "Not set"}</Badge>
          </div>
          <div className="flex gap-2">
            <FormControl>
              <Input type="password" autoComplete="new-password" {...field} value={field.value ?? ""} />
            </FormControl>
            {isSet && (
              <Button
                type="button"
                variant="outline"
                aria-label={cleared ? `Keep ${label}` : `Clear ${label}`}
                onClick={() => onClearChange(!cleared)}
              >
                {cleared ? "Undo" : "Clear"}
              </Button>
            )}
          </div>
          <FormDescription>{hint}</FormDescription>
          <FormMessage />
        </FormItem>
      )}
    />
  );
}
