// The identifiers the royalty catalogue is matched by: ISRC for a recording (track), UPC for a
// release. Distributors write them in different shapes ("US-RC1-76-07839", "usrc17607839",
// " 198765432109"), so both sides (the catalogue's forms and the report lines) go through the
// same normalisation before they are compared.
import { z } from "zod";

/** The label's currency: statements, rates and payouts are in it (rates are label units per unit). */
export const LABEL_CURRENCY = "USD";

/** An ISRC as it is compared: upper-case, no hyphens or spaces. */
export function normalizeIsrc(value: string): string {
  return value.replace(/[\s-]/g, "").toUpperCase();
}

/** CC XXX YY NNNNN: country (2 letters), registrant (3 alphanumerics), year (2 digits), designation (5 digits). */
export function isValidIsrc(normalized: string): boolean {
  return /^[A-Z]{2}[A-Z0-9]{3}\d{7}$/.test(normalized);
}

/** A UPC as it is compared: digits only. */
export function normalizeUpc(value: string): string {
  return value.replace(/[\s-]/g, "");
}

/**
 * UPC-A (12 digits) or EAN-13 (13): the GS1 check digit, weights 3 and 1 from the right (the
 * check digit itself excluded).
 */
export function isValidUpc(normalized: string): boolean {
  if (!/^\d{12,13}$/.test(normalized)) return false;
  const digits = [...normalized].map(Number);
  const check = digits.pop() as number;
  const sum = digits.reverse().reduce((total, digit, index) => total + digit * (index % 2 === 0 ? 3 : 1), 0);
  return (10 - (sum % 10)) % 10 === check;
}

export const isrcSchema = z
  .string({ error: (issue) => (issue.input === undefined ? "Enter the ISRC" : undefined) })
  .transform(normalizeIsrc)
  .refine(isValidIsrc, "An ISRC is 12 characters like USRC17607839 (country, registrant, year, number)");

export const upcSchema = z
  .string({ error: (issue) => (issue.input === undefined ? "Enter the UPC" : undefined) })
  .transform(normalizeUpc)
  .refine((upc) => /^\d{12,13}$/.test(upc), { message: "A UPC is 12 digits (or an EAN 13)", abort: true })
  .refine(isValidUpc, "This UPC's check digit is wrong; check the number");

/**
 * A UPC as a distributor reported it, for assigning it from the unmatched queue: compared
 * normalised like the catalogue's, but its check digit is not checked, since a report can carry a
 * mistyped UPC (often the very reason its lines did not match).
 */
export const reportedUpcSchema = z
  .string({ error: (issue) => (issue.input === undefined ? "Enter the UPC" : undefined) })
  .transform(normalizeUpc)
  .refine((upc) => /^\d{8,14}$/.test(upc), "Enter the UPC as the report gives it (8 to 14 digits)");
