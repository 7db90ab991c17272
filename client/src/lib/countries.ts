import { countryName } from "@shared/shipping";

/** Codes Intl names that are regions or placeholders, not countries a buyer lives in. */
const NOT_COUNTRIES = new Set(["EU", "EZ", "UN", "QO", "XA", "XB", "ZZ"]);

let options: { code: string; name: string }[] | null = null;

/**
 * Every country by its English name, A to Z: the ISO codes the browser can name (read once from
 * Intl.DisplayNames), without regions such as the EU. For a choice among all countries (a
 * download's buyer, an admin's list), not the ones the shop ships to.
 */
export function countryOptions(): readonly { code: string; name: string }[] {
  if (options) return options;
  const letters = "ABCDEFGHIJKLMNOPQRSTUVWXYZ";
  const found: { code: string; name: string }[] = [];
  for (const first of letters) {
    for (const second of letters) {
      const code = first + second;
      const name = countryName(code);
      if (name && !NOT_COUNTRIES.has(code)) found.push({ code, name });
    }
  }
  options = found.sort((a, b) => a.name.localeCompare(b.name));
  return options;
}
