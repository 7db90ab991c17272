// Royalty periods and statements (docs/decisions/033-royalty-money-rules.md): a period is
// closed once, which locks every payee's statement; amounts are decimal strings, never floats.
import { z } from "zod";
import { apiErrorSchema, defineContract, idParams, instant } from "./contract";
import { royaltyStatementsApi } from "./royalty-statements.api";
import { isoDate, optionalText } from "./validation";

/** POST /api/royalty-periods: the first and last day, both counted. */
export const createRoyaltyPeriodSchema = z
  .object({
    start: isoDate,
    end: isoDate,
  })
  .refine((period) => period.end >= period.start, { path: ["end"], message: "The end is on or after the start" });
export type CreateRoyaltyPeriod = z.infer<typeof createRoyaltyPeriodSchema>;
export type CreateRoyaltyPeriodInput = z.input<typeof createRoyaltyPeriodSchema>;

/** A decimal string with two places ("-375.00"). */
const cents = z.string().regex(/^-?\d+\.\d{2}$/);

export const royaltyPeriodSchema = z.object({
  id: z.string(),
  start: z.string(),
  end: z.string(),
  status: z.enum(["open", "closed"]),
  closedAt: instant.nullable(),
  statementCount: z.int(),
  /** Sums of the period's statements (0.00 while it is open). */
  earned: cents,
  payable: cents,
});
export type RoyaltyPeriod = z.infer<typeof royaltyPeriodSchema>;

export const royaltyStatementSchema = z.object({
  id: z.string(),
  periodId: z.string(),
  payeeId: z.string(),
  payeeName: z.string(),
  opening: cents,
  earned: cents,
  advances: cents,
  closing: cents,
  payable: cents,
  /** The day its payout was recorded, or null while it is not paid. */
  paidOn: z.string().nullable(),
  /** The payout's reference (a bank transfer's), or null. */
  reference: z.string().nullable(),
});
export type RoyaltyStatement = z.infer<typeof royaltyStatementSchema>;

/**
 * Where a statement's income came from, in the words its summary uses and the order it lists
 * them: distributors' reports, the label's own music store, and the platform's own income.
 */
export const ROYALTY_SOURCES = [
  ["distributor", "Distributors"],
  ["store", "Label store"],
  ["tickets", "Tickets"],
  ["merchandise", "Merchandise"],
  ["vendor-slots", "Vendor slots"],
] as const;

/** One source's part of a statement's earned (the parts add up to it). */
export const statementSourceSchema = z.object({ source: z.string(), label: z.string(), amount: cents });
export type StatementSource = z.infer<typeof statementSourceSchema>;

/** A member's own statement, with its period's days and what each source earned. */
export const myRoyaltyStatementSchema = royaltyStatementSchema.extend({
  periodStart: z.string(),
  periodEnd: z.string(),
  bySource: z.array(statementSourceSchema),
});
export type MyRoyaltyStatement = z.infer<typeof myRoyaltyStatementSchema>;

/** POST /api/statements/:id/payouts: the day it was paid, and the transfer's reference. */
export const recordPayoutSchema = z.object({
  paidOn: isoDate,
  reference: optionalText(200),
});
export type RecordPayout = z.infer<typeof recordPayoutSchema>;
export type RecordPayoutInput = z.input<typeof recordPayoutSchema>;

export const royaltyPayoutSchema = z.object({
  id: z.string(),
  statementId: z.string(),
  amount: cents,
  paidOn: z.string(),
  reference: z.string().nullable(),
});
export type RoyaltyPayout = z.infer<typeof royaltyPayoutSchema>;

export const PLATFORM_INCOME_SOURCES = ["tickets", "merchandise", "vendor-slots"] as const;
export type PlatformIncomeSource = (typeof PLATFORM_INCOME_SOURCES)[number];

export const platformIncomeSchema = z.object({
  lines: z.array(z.object({ payeeId: z.string(), source: z.enum(PLATFORM_INCOME_SOURCES), amount: cents })),
});
export type PlatformIncome = z.infer<typeof platformIncomeSchema>;

const { listPeriods, createPeriod, closePeriod, periodStatements, addPlatformIncome, myStatements, recordPayout } =
  royaltyStatementsApi;

/** docs/product.md, "Royalties": periods, statements and payouts. */
export const royaltyStatementsContract = defineContract(
  "royaltyStatements",
  { listPeriods, createPeriod, closePeriod, periodStatements, addPlatformIncome, myStatements, recordPayout },
  {
    listPeriods: {
      summary: "Every period, newest first, with its statements' count and totals",
      responses: { 200: z.array(royaltyPeriodSchema) },
    },
    createPeriod: {
      summary: "Opens a statement period",
      description: "409 when it overlaps another period.",
      body: createRoyaltyPeriodSchema,
      responses: { 201: royaltyPeriodSchema, 409: apiErrorSchema },
    },
    closePeriod: {
      summary: "Closes a period: computes and locks every payee's statement, and tells each payee",
      description:
        "409 while unmatched report lines dated inside the period remain, or when it is already closed. Closing twice never changes a statement.",
      params: idParams,
      responses: { 200: royaltyPeriodSchema, 404: apiErrorSchema, 409: apiErrorSchema },
    },
    periodStatements: {
      summary: "The statements a closed period locked, one per payee",
      params: idParams,
      responses: { 200: z.array(royaltyStatementSchema), 404: apiErrorSchema },
    },
    addPlatformIncome: {
      summary: "Adds the platform's own income (tickets, merchandise, vendor slots) for each artist's payee",
      description: "Adding it again replaces the period's earlier figures. 409 when the period is closed.",
      params: idParams,
      responses: { 200: platformIncomeSchema, 404: apiErrorSchema, 409: apiErrorSchema },
    },
    myStatements: {
      summary: "The signed-in member's statements as a payee, newest period first",
      description: "404 when the member's e-mail is no payee's.",
      responses: { 200: z.array(myRoyaltyStatementSchema), 404: apiErrorSchema },
    },
    recordPayout: {
      summary: "Records that a statement's payable amount was paid",
      description:
        "409 when nothing is payable, it is already paid, or a later statement of the payee carries its balance (pay that one).",
      params: idParams,
      body: recordPayoutSchema,
      responses: { 201: royaltyPayoutSchema, 404: apiErrorSchema, 409: apiErrorSchema },
    },
  },
);
