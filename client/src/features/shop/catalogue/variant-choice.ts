import type { MerchandiseOption, MerchandiseVariant, VariantOptions } from "@shared/merchandise-variants";

/** The variant of exactly these values, once every option has one. */
export function variantFor(
  options: readonly MerchandiseOption[],
  variants: readonly MerchandiseVariant[],
  chosen: VariantOptions,
): MerchandiseVariant | undefined {
  if (options.some((option) => !(option.name in chosen))) return undefined;
  return variants.find((variant) => options.every((option) => variant.options[option.name] === chosen[option.name]));
}

/** What the pickers start on: the first combination in stock, else the first one. */
export function firstChoice(variants: readonly MerchandiseVariant[]): VariantOptions {
  return { ...(variants.find((v) => v.stockQuantity > 0) ?? variants[0])?.options };
}

/**
 * Whether choosing `value` for `option` (keeping the other choices) leads to nothing in stock:
 * the combination is sold out, or (while other options are still open) every combination with it is.
 */
export function soldOutWith(
  variants: readonly MerchandiseVariant[],
  chosen: VariantOptions,
  option: string,
  value: string,
): boolean {
  const wanted = { ...chosen, [option]: value };
  return !variants.some(
    (variant) =>
      variant.stockQuantity > 0 &&
      Object.entries(wanted).every(([name, chosenValue]) => variant.options[name] === chosenValue),
  );
}
