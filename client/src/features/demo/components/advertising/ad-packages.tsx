import { useState } from "react";
import { Check } from "lucide-react";
import { AD_PACKAGES } from "@shared/constants";
import { Button } from "@/components/ui/button";
import { cn } from "@/lib/utils";
import { formatDollars } from "../../preview";

/** The right column: the three packages; choosing one stays in the page. */
export function AdPackages() {
  const [selected, setSelected] = useState<string | null>(null);
  return (
    <div className="grid gap-4">
      <ul className="grid gap-4">
        {AD_PACKAGES.map((pkg) => {
          const isSelected = selected === pkg.name;
          return (
            <li
              key={pkg.name}
              className={cn(
                "rounded-lg border bg-card p-5 shadow-sm transition-colors",
                isSelected && "border-primary ring-1 ring-primary",
              )}
            >
              <div className="flex items-baseline justify-between gap-3">
                <h3 className="text-lg font-semibold">{pkg.name}</h3>
                <p>
                  <span className="text-2xl font-bold">{formatDollars(pkg.price)}</span>
                  <span className="text-sm text-muted-foreground"> / {pkg.duration} days</span>
                </p>
              </div>
              <ul className="my-4 grid gap-1.5 text-sm">
                {pkg.features.map((feature) => (
                  <li key={feature} className="flex items-start gap-2">
                    <Check aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-primary" />
                    {feature}
                  </li>
                ))}
              </ul>
              <Button
                type="button"
                className="w-full"
                variant={isSelected ? "default" : "outline"}
                aria-pressed={isSelected}
                aria-label={isSelected ? `${pkg.name} package selected` : `Select ${pkg.name} package`}
                onClick={() => setSelected(pkg.name)}
              >
                {isSelected ? "Selected" : "Select"}
              </Button>
            </li>
          );
        })}
      </ul>
      <p role="status" aria-live="polite" className="text-sm text-muted-foreground">
        {selected ? `${selected} package selected (preview — nothing is charged).` : ""}
      </p>
    </div>
  );
}
