import { useId } from "react";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";
import { countryOptions } from "../country-codes";

/**
 * "Add a country" by its name, for an admin who does not know the code: the choice is added to
 * the zone's codes and the picker empties again for the next one.
 */
export function CountryPicker({ zoneLabel, onPick }: { zoneLabel: string; onPick: (code: string) => void }) {
  const id = useId();
  return (
    <div className="grid gap-2">
      <label htmlFor={id} className="text-sm font-medium">
        Add a country by name
      </label>
      <Select value="" onValueChange={onPick}>
        <SelectTrigger id={id} aria-label={`Add a country to ${zoneLabel}`}>
          <SelectValue placeholder="Choose a country" />
        </SelectTrigger>
        <SelectContent className="max-h-72">
          {countryOptions().map(({ code, name }) => (
            <SelectItem key={code} value={code}>
              {name} ({code})
            </SelectItem>
          ))}
        </SelectContent>
      </Select>
    </div>
  );
}
