// An amount a buyer or an admin types for the music store, below the store's contract and the
// shop's cart (which carries a name-your-price release's amount).
import { z } from "zod";
import { fromCents, MAX_AMOUNT_CENTS, toCents } from "./money";

/** An amount of money, 0 or more, at most two decimals: "4", "4.5", 4.5 → "4.50". */
export const storeAmount = z
  .union([z.string(), z.number()], { error: "Enter an amount like 7.00" })
  .transform((value) => String(value).trim())
  .refine((value) => !value.startsWith("-"), { message: "Enter an amount of 0 or more", abort: true })
  .refine((value) => /^\d+(\.\d{1,2})?$/.test(value), {
    message: "Enter an amount like 7.00 (at most 2 decimals)",
    abort: true,
  })
  .refine((value) => toCents(value) <= MAX_AMOUNT_CENTS, "Amount is too large")
  .transform((value) => fromCents(toCents(value)));
