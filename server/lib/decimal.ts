// Exact decimal arithmetic on strings for money that must never be floating point
// (docs/decisions/033-royalty-money-rules.md): a value is held as a BigInt of its digits and a
// scale (how many of them are decimals), so "9.87" × "1.10" is 987 × 110 at scale 4 = "10.857".

const DECIMAL = /^(-?)(\d+)(?:\.(\d+))?$/;

export interface Scaled {
  digits: bigint;
  scale: number;
}

/** "-12.3400" → { digits: -123400n, scale: 4 }; throws on anything but a plain decimal. */
export function parseDecimal(value: string): Scaled {
  const match = DECIMAL.exec(value.trim());
  if (!match) throw new Error(`not a decimal: ${JSON.stringify(value)}`);
  const [, sign, whole, fraction = ""] = match;
  const digits = BigInt(whole + fraction);
  return { digits: sign ? -digits : digits, scale: fraction.length };
}

/**
 * The decimal string of digits × 10^-scale, without trailing zeros beyond `minDecimals`
 * (1234500n, 4 → "123.45"; 1200n, 2 → "12.00").
 */
export function formatDecimal({ digits, scale }: Scaled, minDecimals = 0): string {
  const negative = digits < 0n;
  let text = (negative ? -digits : digits).toString().padStart(scale + 1, "0");
  let whole = text.slice(0, text.length - scale);
  let fraction = text.slice(text.length - scale);
  let end = fraction.length;
  while (end > minDecimals && fraction[end - 1] === "0") end--;
  fraction = fraction.slice(0, end).padEnd(minDecimals, "0");
  whole = whole || "0";
  text = fraction ? `${whole}.${fraction}` : whole;
  return negative && /[1-9]/.test(text) ? `-${text}` : text;
}

/** a × b exactly ("9.87" × "1.10" = "10.857"), trailing zeros dropped beyond `minDecimals`. */
export function multiplyDecimal(a: string, b: string, minDecimals = 0): string {
  const x = parseDecimal(a);
  const y = parseDecimal(b);
  return formatDecimal({ digits: x.digits * y.digits, scale: x.scale + y.scale }, minDecimals);
}

/** Brings a value to a larger scale (12.5 at scale 1 → 12.500 at scale 3). */
export function rescale(value: Scaled, scale: number): bigint {
  if (scale < value.scale) throw new Error("rescale would drop digits");
  return value.digits * 10n ** BigInt(scale - value.scale);
}

/**
 * A running sum of amounts with at most six decimals, for a million lines without a BigInt per
 * line: each amount is read as whole millionths in a Number (exact below 2^53) and the Number
 * is moved into a BigInt before it could lose a digit.
 */
export class MicroSum {
  private small = 0;
  private big = 0n;

  /** Adds a value already checked to be a decimal with at most 6 decimals. */
  add(amount: string): void {
    const dot = amount.indexOf(".");
    const whole = dot < 0 ? amount : amount.slice(0, dot);
    if (whole.length > 9) {
      this.big += rescale(parseDecimal(amount), 6);
      return;
    }
    const fraction = dot < 0 ? "" : amount.slice(dot + 1);
    // "-0" + "500000" → -500000: the sign and the digits read as one integer of millionths.
    this.small += Number(whole + fraction + "000000".slice(fraction.length));
    if (this.small > 4e15 || this.small < -4e15) this.flush();
  }

  /** Adds a whole number of millionths below 10^15 in size (an amount already read as such). */
  addMicros(millionths: number): void {
    this.small += millionths;
    if (this.small > 4e15 || this.small < -4e15) this.flush();
  }

  private flush() {
    this.big += BigInt(this.small);
    this.small = 0;
  }

  /** The sum in millionths. */
  value(): Scaled {
    this.flush();
    return { digits: this.big, scale: 6 };
  }
}
