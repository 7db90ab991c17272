// Field rules shared by every insert schema, so a form and the server can never drift
// apart on what a price, a link or a required text is: each rule is written once, here.
import { z } from "zod";
import { fromCents, MAX_AMOUNT_CENTS, toCents } from "./money";

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

/** Integer columns used as yes/no flags, holding 0 or 1 (isAvailable, isActive, isPublished). */
export const flag = z.int().min(0).max(1);

/**
 * Dates are refused outside these years. PostgreSQL has no year 0 (a "0000-01-01" reached it
 * as a server error), and a year like 0202 or 20266 is a typing slip, not a real date.
 */
export const MIN_YEAR = 1900;
export const MAX_YEAR = 9999;
export const DATE_RANGE_MESSAGE = `Enter a date between the years ${MIN_YEAR} and ${MAX_YEAR}`;

/** The year as written at the start of an ISO date or timestamp (before any time zone shift). */
function writtenYearInRange(value: string): boolean {
  const year = Number(value.slice(0, 4));
  return year >= MIN_YEAR && year <= MAX_YEAR;
}

const isoDateOnly = z.iso.date();
const isoDateTime = z.iso.datetime({ offset: true });

/** Calendar date "YYYY-MM-DD" (rejects 2026-02-30 and years outside MIN_YEAR..MAX_YEAR). */
export const isoDate = z.iso
  .date({ error: "Enter a date as YYYY-MM-DD", abort: true })
  .refine(writtenYearInRange, { message: DATE_RANGE_MESSAGE, abort: true });

/** Whether this runtime knows the IANA time zone (e.g. "Europe/Berlin"). */
export function isTimeZone(value: string): boolean {
  try {
    new Intl.DateTimeFormat("en-US", { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

/** An IANA time zone name, as the browser reports it. */
export const timeZoneInput = z.string().max(64).refine(isTimeZone, { message: "Unknown time zone" });

/**
 * A point in time sent as an ISO string (JSON has no dates) or a Date from server code,
 * turned into a Date for a timestamp column.
 */
export const timestampInput = z
  .union([
    z.date(),
    // One check adding one issue, and no transform inside the union: zod then reports this
    // branch's own message instead of a bare "Invalid input".
    z.string().superRefine((value, ctx) => {
      if (!isoDateTime.safeParse(value).success && !isoDateOnly.safeParse(value).success) {
        ctx.addIssue({
          code: "custom",
          message: "Enter a date as YYYY-MM-DD or a date and time like 2026-11-21T18:00:00Z",
        });
      } else if (!writtenYearInRange(value)) {
        ctx.addIssue({ code: "custom", message: DATE_RANGE_MESSAGE });
      }
    }),
  ])
  .transform((value) => (value instanceof Date ? value : new Date(value)));

/**
 * A NUL character (\u0000) cannot be stored in PostgreSQL text, and no one types it on
 * purpose. Any text anywhere in a request is refused with this message (see nulCharacterFields).
 */
export const NUL_CHARACTER_MESSAGE = "Remove the invisible NUL character from this text";

/**
 * Where in a parsed JSON value (or query) a string holds a NUL character, as field errors keyed
 * by the field's path ("vendorBookingData.vendorName", "items.0.description"); empty when
 * none. Walks without recursion, so a deeply nested body cannot exhaust the stack.
 */
export function nulCharacterFields(value: unknown): Record<string, string[]> {
  const found: Record<string, string[]> = {};
  const pending: { value: unknown; path: string }[] = [{ value, path: "" }];
  while (pending.length > 0) {
    const next = pending.pop()!;
    if (typeof next.value === "string") {
      if (next.value.includes("\u0000")) found[next.path || "_"] = [NUL_CHARACTER_MESSAGE];
    } else if (next.value && typeof next.value === "object") {
      for (const [key, child] of Object.entries(next.value)) {
        const path = next.path ? `${next.path}.${key}` : key;
        if (key.includes("\u0000")) found[next.path || "_"] = [NUL_CHARACTER_MESSAGE];
        else pending.push({ value: child, path });
      }
    }
  }
  return found;
}

/** Uuid-shaped id (lenient about version bits so any stored id is accepted). */
export const id = z.guid();
