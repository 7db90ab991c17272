import { z } from "zod";
import { apiErrorSchema, defineContract, idParams, instant } from "./contract";
import { percentOfCents, toCents } from "./money";
import { ticketPromoCodesApi } from "./ticket-promo-codes.api";
import { promoCodeText, purchaseTicketsSchema } from "./tickets";
import { timestampInput } from "./validation";

/** A number or a decimal string with at most two decimals, as "12.50". */
const amount = z.union([z.number(), z.string().trim()]).transform((value, ctx) => {
  const text = typeof value === "number" ? String(value) : value;
  if (!/^\d+(\.\d{1,2})?$/.test(text) || Number(text) > 99_999_999.99) {
    ctx.addIssue({ code: "custom", message: "Enter a number like 12.50 (at most 2 decimals)" });
    return z.NEVER;
  }
  return Number(text).toFixed(2);
});

const PERCENT_MESSAGE = "Enter a percentage more than 0 and at most 100";
const AMOUNT_MESSAGE = "Enter an amount of at least 0.01";
const USES_MESSAGE = "Enter a whole number of uses of at least 1, or leave it empty for no limit";
const maxUses = z.int({ error: USES_MESSAGE }).min(1, USES_MESSAGE).max(1_000_000, USES_MESSAGE).nullable();

/** The rules a code's fields follow together, on a new code or on a stored one after an edit. */
export function promoCodeProblems(code: {
  percentOff?: string | null;
  amountOff?: string | null;
  startsAt?: Date | null;
  endsAt?: Date | null;
}): Record<string, string[]> {
  const problems: Record<string, string[]> = {};
  const hasPercent = code.percentOff != null;
  const hasAmount = code.amountOff != null;
  if (hasPercent === hasAmount) {
    const message = "Give either a percentage off or an amount off, not both";
    problems[hasPercent ? "amountOff" : "percentOff"] = [message];
  }
  if (hasPercent && (Number(code.percentOff) <= 0 || Number(code.percentOff) > 100))
    problems.percentOff = [PERCENT_MESSAGE];
  if (hasAmount && Number(code.amountOff) < 0.01) problems.amountOff = [AMOUNT_MESSAGE];
  if (code.startsAt && code.endsAt && code.endsAt <= code.startsAt)
    problems.endsAt = ["The end must be after the start"];
  return problems;
}

function checked<T extends Parameters<typeof promoCodeProblems>[0]>(value: T, ctx: z.RefinementCtx) {
  for (const [field, [message]] of Object.entries(promoCodeProblems(value))) {
    ctx.addIssue({ code: "custom", path: [field], message });
  }
}

export const createPromoCodeSchema = z
  .object({
    code: promoCodeText,
    percentOff: amount.nullable().optional(),
    amountOff: amount.nullable().optional(),
    maxUses: maxUses.optional(),
    startsAt: timestampInput.nullable().optional(),
    endsAt: timestampInput.nullable().optional(),
  })
  .superRefine(checked);
export type CreatePromoCode = z.output<typeof createPromoCodeSchema>;

/** The fields sent change; `active: false` deactivates the code (orders that used it keep it). */
export const updatePromoCodeSchema = z.object({
  code: promoCodeText.optional(),
  percentOff: amount.nullable().optional(),
  amountOff: amount.nullable().optional(),
  maxUses: maxUses.optional(),
  startsAt: timestampInput.nullable().optional(),
  endsAt: timestampInput.nullable().optional(),
  active: z.boolean().optional(),
});
export type UpdatePromoCode = z.output<typeof updatePromoCodeSchema>;

export const promoCodeSchema = z
  .object({
    id: z.string(),
    eventId: z.string(),
    code: z.string(),
    /** Decimal strings, exactly one of them set: "25.00" percent, or "5.00" off each ticket. */
    percentOff: z.string().nullable(),
    amountOff: z.string().nullable(),
    maxUses: z.int().nullable(),
    startsAt: instant.nullable(),
    endsAt: instant.nullable(),
    active: z.boolean(),
    createdAt: instant,
    /** Tickets it discounted on orders held or paid. */
    uses: z.int(),
  })
  .meta({ id: "PromoCode" });
export type PromoCode = z.output<typeof promoCodeSchema>;
/** The same as the server builds it (its dates still Dates). */
export type PromoCodeRowOut = z.input<typeof promoCodeSchema>;

export const quoteTicketsSchema = purchaseTicketsSchema;
export type QuoteTickets = z.output<typeof quoteTicketsSchema>;

export const ticketQuoteSchema = z
  .object({
    /** Decimal strings: the event's price, what the code takes off the order, and what is paid. */
    unitPrice: z.string(),
    discount: z.string(),
    total: z.string(),
    /** The tickets of the order the code discounts (one use each). */
    discountedTickets: z.int(),
  })
  .meta({ id: "TicketQuote" });
export type TicketQuote = z.output<typeof ticketQuoteSchema>;

/**
 * What a code takes off an order: a percentage of the discounted tickets' price, rounded half
 * up once for the order, or an amount off each discounted ticket that never takes a ticket
 * below 0.00. The one pricing rule of the quote and the purchase.
 */
export function promoDiscountCents(
  unitCents: number,
  tickets: number,
  promo: { percentOff: string | null; amountOff: string | null },
): number {
  if (tickets <= 0) return 0;
  if (promo.percentOff !== null) return percentOfCents(unitCents * tickets, promo.percentOff);
  return Math.min(unitCents, toCents(promo.amountOff ?? "0")) * tickets;
}

const ERRORS = { 400: apiErrorSchema, 404: apiErrorSchema };

/** docs/product.md, "Promo codes", and docs/decisions/052-ticket-promo-codes-and-waiting-list.md. */
export const ticketPromoCodesContract = defineContract("ticketPromoCodes", ticketPromoCodesApi, {
  list: {
    summary: "An event's promo codes with their uses, newest first",
    params: idParams,
    responses: { 200: z.array(promoCodeSchema), 404: apiErrorSchema },
  },
  create: {
    summary: "Adds a promo code to an event",
    description: "409 when the event already has this code in any case.",
    params: idParams,
    body: createPromoCodeSchema,
    responses: { 201: promoCodeSchema, ...ERRORS, 409: apiErrorSchema },
  },
  update: {
    summary: "Changes a promo code's fields; `active: false` deactivates it",
    description: "409 when the new code is already one of the event's.",
    params: idParams,
    body: updatePromoCodeSchema,
    responses: { 200: promoCodeSchema, ...ERRORS, 409: apiErrorSchema },
  },
  quote: {
    summary: "Prices an order of tickets, with a promo code when given",
    description:
      "400 with a plain message when the code is unknown, for another event, not yet valid, expired or used up.",
    body: quoteTicketsSchema,
    responses: { 200: ticketQuoteSchema, ...ERRORS },
  },
});
