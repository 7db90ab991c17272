import { useId } from "react";
import { inputClassName } from "@/components/ui/input";
import { countryOptions } from "@/lib/countries";
import { cn } from "@/lib/utils";

/**
 * "Add a country by name", for an admin who does not know the code: the choice is added to the
 * zone's codes and the picker empties again for the next one. A select element: some 250
 * countries with type-ahead, and the phone's own picker.
 */
export function CountryPicker({ zoneLabel, onPick }: { zoneLabel: string; onPick: (code: string) => void }) {
  const id = useId();
  return (
    <div className="grid gap-2">
      <label htmlFor={id} className="text-sm font-medium">
        Add a country by name
      </label>
      <select
        id={id}
        aria-label={`Add a country to ${zoneLabel}`}
        className={cn(inputClassName, "bg-background pr-8")}
        value=""
        onChange={(event) => {
          if (event.target.value) onPick(event.target.value);
        }}
      >
        <option value="">Choose a country</option>
        {countryOptions().map(({ code, name }) => (
          <option key={code} value={code}>
            {name} ({code})
          </option>
        ))}
      </select>
    </div>
  );
}
