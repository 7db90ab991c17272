// Money is held as integer cents for every calculation, on both sides:
// numeric(10,2) values arrive as decimal strings and are never run through floats.

const DECIMAL_PATTERN = /^(-)?(\d+)(?:\.(\d{1,2}))?$/;

function assertSafeCents(cents: number, what: string): number {
  if (!Number.isSafeInteger(cents)) {
    throw new RangeError(`${what} is not a whole number of cents within range: ${cents}`);
  }
  return cents;
}

/**
 * Parses "12.5", "12.50", "-3", 3 or 19.99 into cents. Throws RangeError on anything
 * that is not a plain decimal with at most two decimals (so 0.1 + 0.2 as a number throws:
 * its exact text is "0.30000000000000004").
 */
export function toCents(value: string | number): number {
  const text = typeof value === "number" ? numberToText(value) : value.trim();
  const match = DECIMAL_PATTERN.exec(text);
  if (!match) throw new RangeError(`Not a money amount: ${JSON.stringify(value)}`);
  const [, minus, whole, fraction = ""] = match;
  const cents = Number(whole) * 100 + Number(fraction.padEnd(2, "0"));
  assertSafeCents(cents, "Amount");
  // Avoid returning -0 for "-0.00".
  return minus && cents !== 0 ? -cents : cents;
}

function numberToText(value: number): string {
  if (!Number.isFinite(value)) throw new RangeError(`Not a money amount: ${value}`);
  // String(n) is the shortest exact round-trip text, e.g. 19.99 -> "19.99"; large or tiny
  // numbers come out in exponent form, which the pattern then rejects.
  return String(value);
}

/** 1250 -> "12.50", -5 -> "-0.05". */
export function fromCents(cents: number): string {
  assertSafeCents(cents, "Cents");
  const abs = Math.abs(cents);
  const whole = Math.floor(abs / 100);
  const fraction = String(abs % 100).padStart(2, "0");
  return `${cents < 0 ? "-" : ""}${whole}.${fraction}`;
}

/** "1234.5" -> "$1,234.50", -3 -> "-$3.00". */
export function formatMoney(value: string | number): string {
  const text = fromCents(toCents(value));
  const negative = text.startsWith("-");
  const [whole, fraction] = (negative ? text.slice(1) : text).split(".");
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ",");
  return `${negative ? "-" : ""}$${grouped}.${fraction}`;
}

export function sumCents(list: readonly number[]): number {
  return list.reduce((total, cents) => assertSafeCents(total + assertSafeCents(cents, "Cents"), "Sum"), 0);
}

/** The largest amount numeric(10,2) holds, in cents. */
export const MAX_AMOUNT_CENTS = 9_999_999_999;

/**
 * Price times quantity in cents, or null when the total would not fit numeric(10,2): the one
 * price x quantity helper (tickets, merchandise orders, invoice lines).
 * Checked before multiplying so the product never leaves the safe-integer range.
 */
export function ticketTotalCents(priceCents: number, quantity: number): number | null {
  if (quantity <= 0) return 0;
  if (priceCents > Math.floor(MAX_AMOUNT_CENTS / quantity)) return null;
  return priceCents * quantity;
}

/**
 * `percent` ("7.5", "19.25": at most 2 decimals) of an amount in cents, rounded half up to
 * the cent. Computed in whole numbers: percent in hundredths times cents stays far below
 * 2^53 for any numeric(10,2) amount.
 */
export function percentOfCents(cents: number, percent: string): number {
  const hundredths = toCents(percent);
  const product = assertSafeCents(cents * hundredths, "Result");
  const whole = Math.floor(Math.abs(product) / 10_000);
  const rounded = Math.abs(product) % 10_000 >= 5_000 ? whole + 1 : whole;
  return product < 0 ? -rounded : rounded;
}

const LONG_DECIMAL = /^(-)?(\d+)(?:\.(\d+))?$/;

/**
 * A decimal with any number of places ("80.101812", a report's sum) in cents, rounded once,
 * half up as statements round (docs/decisions/033-royalty-money-rules.md): 0.005 → 1, −0.005 → 0.
 * Throws RangeError on text that is not a plain decimal.
 */
export function roundToCents(value: string): number {
  const match = LONG_DECIMAL.exec(value.trim());
  if (!match) throw new RangeError(`Not a money amount: ${JSON.stringify(value)}`);
  const [, minus, whole, fraction = ""] = match;
  const places = BigInt(fraction.length);
  const scaled = BigInt(`${minus ?? ""}${whole}${fraction}`);
  if (places <= 2n) return assertSafeCents(Number(scaled * 10n ** (2n - places)), "Amount") || 0;
  const unit = 10n ** (places - 2n);
  // floor(x + 1/2) in units of a cent: BigInt division truncates toward zero, so negatives step down.
  const shifted = scaled * 2n + unit;
  const twice = 2n * unit;
  const floored = shifted >= 0n ? shifted / twice : -((-shifted + twice - 1n) / twice);
  return assertSafeCents(Number(floored), "Amount") || 0;
}

/** A sum with sub-cent digits as dollars to the cent: "80.101812" → "$80.10", "1059.1399" → "$1,059.14". */
export function formatMoneyToCent(value: string): string {
  return formatMoney(fromCents(roundToCents(value)));
}
