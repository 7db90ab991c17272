// Who is paid (docs/product.md, "Royalties"): payees, the splits they are on, and what was
// advanced to them.
import { z } from "zod";
import { instant } from "./contract";
import { fromCents, MAX_AMOUNT_CENTS, toCents } from "./money";
import { percentString } from "./royalty-shares";
import { email, isoDate, optionalText, requiredText } from "./validation";

/** POST /api/payees and PUT /api/payees/{id}. */
export const payeeInputSchema = z.object({
  name: requiredText(200, "Enter the payee's name"),
  email: email.transform((value) => value.toLowerCase()),
  /** The artist name the platform's own sales carry (an event's or an item's artist). */
  artistName: optionalText(200),
  /** The percent of the platform's own income for `artistName` credited to this payee. */
  platformShare: percentString("Enter the platform share", { positive: false }).default("0.00"),
});
export type PayeeInput = z.output<typeof payeeInputSchema>;
export type PayeeFormValues = z.input<typeof payeeInputSchema>;

export const payeesQuerySchema = z.object({
  /** Part of a name, e-mail or artist name, any case. */
  q: z.string().trim().max(200).optional(),
});

export const payeeSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    email: z.string(),
    artistName: z.string().nullable(),
    platformShare: z.string(),
    createdAt: instant,
  })
  .meta({ id: "Payee" });
export type Payee = z.output<typeof payeeSchema>;

/** POST /api/payees/{id}/advances: a positive amount in the label's currency, and its day. */
export const advanceInputSchema = z.object({
  amount: z
    .string({ error: (issue) => (issue.input === undefined ? "Enter the amount" : undefined) })
    .trim()
    .min(1, { message: "Enter the amount", abort: true })
    .regex(/^\d+(\.\d{1,2})?$/, { message: "Enter an amount like 500.00 (at most 2 decimals)", abort: true })
    .refine((value) => toCents(value) <= MAX_AMOUNT_CENTS, { message: "Amount is too large", abort: true })
    .refine((value) => toCents(value) > 0, "An advance is more than 0")
    .transform((value) => fromCents(toCents(value))),
  date: isoDate,
  note: optionalText(500),
});
export type AdvanceInput = z.output<typeof advanceInputSchema>;
export type AdvanceFormValues = z.input<typeof advanceInputSchema>;

export const advanceSchema = z
  .object({
    id: z.string(),
    payeeId: z.string(),
    amount: z.string(),
    date: z.string(),
    note: z.string().nullable(),
    /** The statement that counted it; a counted advance no longer changes. */
    statementId: z.string().nullable(),
    createdAt: instant,
  })
  .meta({ id: "RoyaltyAdvance" });
export type Advance = z.output<typeof advanceSchema>;

/** A payee's split as their page lists it: a release's, or one track's (with its release). */
export const payeeSplitSchema = z
  .object({
    releaseId: z.string(),
    releaseTitle: z.string(),
    trackId: z.string().nullable(),
    trackTitle: z.string().nullable(),
    share: z.string(),
  })
  .meta({ id: "PayeeSplit" });

export const payeeDetailSchema = payeeSchema
  .extend({ advances: z.array(advanceSchema), splits: z.array(payeeSplitSchema) })
  .meta({ id: "PayeeDetail" });
export type PayeeDetail = z.output<typeof payeeDetailSchema>;

export const PAYEE_NOT_FOUND = "Payee not found";
