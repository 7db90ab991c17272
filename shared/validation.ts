// Field rules shared by every insert schema, so a form and the server can never drift
// apart on what a price, a link or a required text is (STYLE.md: one way to do a thing).
import { z } from "zod";
import { fromCents, MAX_AMOUNT_CENTS, toCents } from "./money";

/** Largest value a numeric(10,2) column can hold, in cents (99,999,999.99). */
export { MAX_AMOUNT_CENTS };

const blankToNull = (value: string): string | null => (value === "" ? null : value);

/** A trimmed, non-empty string; both a missing and a blank value read "Required". */
export function requiredText(max = 200, message = "Required") {
  return z
    .string({ error: (issue) => (issue.input === undefined ? message : undefined) })
    .trim()
    .min(1, message)
    .max(max);
}

/** Optional free text; a blank value is stored as null. */
export function optionalText(max = 2000) {
  return z.string().trim().max(max).transform(blankToNull).nullish();
}

export const email = z.string().trim().max(254).pipe(z.email());

export const optionalEmail = z
  .string()
  .trim()
  .max(254)
  .refine((value) => value === "" || z.email().safeParse(value).success, "Invalid email address")
  .transform(blankToNull)
  .nullish();

/**
 * Images and media are either absolute http(s) URLs or paths served by the app itself
 * ("/demo/...", "/objects/..."). "//host" and "/\host" are refused because browsers read
 * them as links to another host; "javascript:" and other schemes are refused outright.
 */
export function isUrlOrAppPath(value: string): boolean {
  if (value.startsWith("/")) return !/^\/[/\\]/.test(value) && !/\s/.test(value);
  if (!/^https?:\/\//i.test(value)) return false;
  try {
    new URL(value);
    return true;
  } catch {
    return false;
  }
}

const URL_MESSAGE = "Enter an http(s) URL or a path starting with /";

export const urlOrPath = z.string().trim().max(2048).refine(isUrlOrAppPath, URL_MESSAGE);

export const optionalUrlOrPath = z
  .string()
  .trim()
  .max(2048)
  .refine((value) => value === "" || isUrlOrAppPath(value), URL_MESSAGE)
  .transform(blankToNull)
  .nullish();

function centsOrNull(value: string): number | null {
  try {
    return toCents(value);
  } catch {
    return null;
  }
}

/**
 * A non-negative amount as a decimal string ("12", "12.5", "12.50") that fits
 * numeric(10,2); the output is normalised to two decimals ("12.50").
 */
export function decimalString(requiredMessage = "Required") {
  return z
    .string({ error: (issue) => (issue.input === undefined ? requiredMessage : undefined) })
    .trim()
    .min(1, { message: requiredMessage, abort: true })
    .regex(/^\d+(\.\d{1,2})?$/, { message: "Enter an amount like 12.50 (at most 2 decimals)", abort: true })
    .refine((value) => (centsOrNull(value) ?? Number.POSITIVE_INFINITY) <= MAX_AMOUNT_CENTS, "Amount is too large")
    .transform((value) => fromCents(toCents(value)));
}

/** Integer columns that hold 0 or 1 (SPEC.md §3 "(int)" flags). */
export const flag = z.int().min(0).max(1);

/** Calendar date "YYYY-MM-DD" (rejects 2026-02-30). */
export const isoDate = z.iso.date({ error: "Enter a date as YYYY-MM-DD" });

/**
 * A point in time sent as an ISO string (JSON has no dates) or a Date from server code,
 * turned into a Date for a timestamp column.
 */
export const timestampInput = z.union([
  z.date(),
  z.iso.datetime({ offset: true }).transform((value) => new Date(value)),
  z.iso.date().transform((value) => new Date(value)),
]);

/** Uuid-shaped id (lenient about version bits so any stored id is accepted). */
export const id = z.guid();
