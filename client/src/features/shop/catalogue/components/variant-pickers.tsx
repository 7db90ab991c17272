import { useId } from "react";
import type { MerchandiseOption, MerchandiseVariant, VariantOptions } from "@shared/merchandise-variants";
import { cn } from "@/lib/utils";
import { soldOutWith } from "../variant-choice";

/**
 * One radio group per option (Size, Colour): arrow keys move within a group, Tab between groups.
 * A value that leads to nothing in stock stays choosable (so a fan can ask to be told when it is
 * back) and says "sold out".
 */
export function VariantPickers({
  options,
  variants,
  chosen,
  onChange,
}: {
  options: readonly MerchandiseOption[];
  variants: readonly MerchandiseVariant[];
  chosen: VariantOptions;
  onChange(next: VariantOptions): void;
}) {
  return (
    <div className="grid gap-4">
      {options.map((option) => (
        <OptionGroup
          key={option.name}
          option={option}
          variants={variants}
          chosen={chosen}
          onChoose={(value) => onChange({ ...chosen, [option.name]: value })}
        />
      ))}
    </div>
  );
}

function OptionGroup({
  option,
  variants,
  chosen,
  onChoose,
}: {
  option: MerchandiseOption;
  variants: readonly MerchandiseVariant[];
  chosen: VariantOptions;
  onChoose(value: string): void;
}) {
  const name = useId();
  return (
    <fieldset>
      <legend className="mb-2 text-sm font-medium">
        {option.name}
        {chosen[option.name] && <span className="font-normal text-muted-foreground">: {chosen[option.name]}</span>}
      </legend>
      <div className="flex flex-wrap gap-2">
        {option.values.map((value) => {
          const soldOut = soldOutWith(variants, chosen, option.name, value);
          const checked = chosen[option.name] === value;
          return (
            <label
              key={value}
              className={cn(
                "relative inline-flex min-h-10 min-w-12 cursor-pointer items-center justify-center rounded-md border px-3 text-sm",
                "has-[:focus-visible]:outline-hidden has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-ring has-[:focus-visible]:ring-offset-2",
                checked ? "border-primary bg-primary text-primary-foreground" : "bg-background hover:bg-accent",
                soldOut && !checked && "text-muted-foreground line-through decoration-1",
              )}
            >
              <input
                type="radio"
                name={name}
                value={value}
                checked={checked}
                aria-label={soldOut ? `${value} (sold out)` : value}
                onChange={() => onChoose(value)}
                className="sr-only"
              />
              {value}
            </label>
          );
        })}
      </div>
    </fieldset>
  );
}
