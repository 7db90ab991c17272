import type { Control } from "react-hook-form";
import { TextField } from "@/components/form-fields/text-field";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
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
    <TextField
      control={control}
      name={name}
      label={label}
      type="password"
      autoComplete="new-password"
      labelAside={
        <Badge variant={isSet && !cleared ? "default" : "outline"}>{isSet && !cleared ? "Set" : "Not set"}</Badge>
      }
      action={
        isSet && (
          <Button
            type="button"
            variant="outline"
            aria-label={cleared ? `Keep ${label}` : `Clear ${label}`}
            onClick={() => onClearChange(!cleared)}
          >
            {cleared ? "Undo" : "Clear"}
          </Button>
        )
      }
      description={hint}
    />
  );
}
