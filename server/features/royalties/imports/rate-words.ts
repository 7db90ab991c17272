// The words of a refused upload that asks for rates: people read them on the imports page,
// so a missing rate says what to type, not the API's JSON.

const currencyNames = new Intl.DisplayNames(["en"], { type: "currency" });

/**
 * "one euro", "one British pound", "one Japanese yen": a currency's English name as it reads
 * in a sentence (the nationality keeps its capital, the unit does not); the code itself for a
 * currency the runtime does not name.
 */
export function oneUnitOf(code: string): string {
  const name = currencyNames.of(code);
  if (!name || name.toUpperCase() === code.toUpperCase()) return `one ${code}`;
  const words = name.split(" ");
  const unit = words.pop()!.toLowerCase();
  return `one ${[...words, unit].join(" ")}`;
}

/** "EUR", "EUR and GBP", "EUR, GBP and JPY". */
function inWords(items: string[]): string {
  return items.length <= 1 ? items.join("") : `${items.slice(0, -1).join(", ")} and ${items.at(-1)}`;
}

/**
 * A report in currencies without a rate: "Add a rate for EUR: how many dollars one euro is
 * worth", or for several "Add a rate for EUR and GBP: how many dollars one euro and one
 * British pound are each worth".
 */
export function missingRatesMessage(codes: string[]): string {
  const units = inWords(codes.map(oneUnitOf));
  return codes.length === 1
    ? `Add a rate for ${codes[0]}: how many dollars ${units} is worth`
    : `Add a rate for ${inWords(codes)}: how many dollars ${units} are each worth`;
}
