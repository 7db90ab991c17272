import { useId } from "react";
import { Checkbox } from "@/components/ui/checkbox";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";

/** What accepting adds to the royalty catalogue: on or off, and the codes and share when on. */
export interface CatalogueIntake {
  enabled: boolean;
  upc: string;
  isrc: string;
  share: string;
}

export const NO_INTAKE: CatalogueIntake = { enabled: false, upc: "", isrc: "", share: "50" };

/**
 * "Also add to the royalty catalogue" beside Accept: the track becomes a release of its own with
 * this UPC and ISRC, and the artist its payee at the share (the server checks the codes and
 * names a holder of either).
 */
export function CatalogueIntakeFields({
  value,
  onChange,
}: {
  value: CatalogueIntake;
  onChange: (value: CatalogueIntake) => void;
}) {
  const id = useId();
  const field = (name: "upc" | "isrc" | "share", label: string, hint: string) => (
    <div className="grid gap-1">
      <Label htmlFor={`${id}-${name}`}>{label}</Label>
      <Input
        id={`${id}-${name}`}
        value={value[name]}
        inputMode={name === "isrc" ? "text" : "decimal"}
        aria-describedby={`${id}-${name}-hint`}
        onChange={(e) => onChange({ ...value, [name]: e.target.value })}
      />
      <p id={`${id}-${name}-hint`} className="text-xs text-muted-foreground">
        {hint}
      </p>
    </div>
  );
  return (
    <fieldset className="grid gap-3 rounded-md border p-3">
      <legend className="sr-only">Royalty catalogue</legend>
      <div className="flex items-center gap-2">
        <Checkbox
          id={`${id}-enabled`}
          checked={value.enabled}
          onCheckedChange={(checked) => onChange({ ...value, enabled: checked === true })}
        />
        <Label htmlFor={`${id}-enabled`}>On accepting, add it to the royalty catalogue</Label>
      </div>
      {value.enabled && (
        <div className="grid gap-3 sm:grid-cols-3">
          {field("upc", "UPC", "12 digits, for the release")}
          {field("isrc", "ISRC", "Such as USRC17607839")}
          {field("share", "Artist's share (%)", "The rest is the label's")}
        </div>
      )}
    </fieldset>
  );
}
