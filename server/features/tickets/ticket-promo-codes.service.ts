import { desc, eq, sql } from "drizzle-orm";
import { events } from "@shared/events.table";
import { fromCents, ticketTotalCents, toCents } from "@shared/money";
import {
  promoCodeProblems,
  type CreatePromoCode,
  type PromoCodeRowOut as PromoCode,
  type QuoteTickets,
  type TicketQuote,
  type UpdatePromoCode,
} from "@shared/ticket-promo-codes";
import { ticketPromoCodes } from "@shared/ticket-promo-codes.table";
import type { Database } from "../../db/database";
import { HttpError } from "../../lib/http-error";
import { isUniqueViolation } from "../../lib/pg-errors";
import { findUsableCode, priceWithCode, USING_STATUSES, usesTaken, type PromoCodeRow } from "./ticket-promo-uses";

const UNIQUE_CODE = "ticket_promo_codes_event_code_unique";
const TAKEN = "This event already has this code";

/**
 * A code with the tickets it discounted on orders held or paid. Written with qualified names:
 * drizzle leaves a column of a select's own fields unqualified, which a correlated subquery
 * would read as the inner table's.
 */
const usesOf = sql<number>`(select coalesce(sum(tp.promo_uses), 0) from ticket_purchases tp
  where tp.promo_code_id = ${sql.raw('"ticket_promo_codes"."id"')}
  and tp.status in (${sql.join(
    USING_STATUSES.map((status) => sql`${status}`),
    sql`, `,
  )}))::int`;

/** Administrators' promo codes of an event, and the price of an order with one (docs/product.md, "Promo codes"). */
export function createTicketPromoCodesService(db: Database) {
  async function one(id: string): Promise<PromoCode> {
    const [row] = await db
      .select({ ...ticketPromoCodesColumns(), uses: usesOf })
      .from(ticketPromoCodes)
      .where(eq(ticketPromoCodes.id, id));
    if (!row) throw HttpError.notFound("Promo code not found");
    return row;
  }

  async function eventPrice(eventId: string): Promise<string> {
    const [event] = await db.select({ price: events.ticketPrice }).from(events).where(eq(events.id, eventId));
    if (!event) throw HttpError.notFound("Event not found");
    return event.price;
  }

  /** A taken code (any case) is a 409 naming the field. */
  async function writing<T>(write: () => Promise<T>): Promise<T> {
    try {
      return await write();
    } catch (error) {
      if (isUniqueViolation(error, UNIQUE_CODE)) throw HttpError.conflict(TAKEN, { code: [TAKEN] });
      throw error;
    }
  }

  return {
    async list(eventId: string): Promise<PromoCode[]> {
      await eventPrice(eventId);
      return db
        .select({ ...ticketPromoCodesColumns(), uses: usesOf })
        .from(ticketPromoCodes)
        .where(eq(ticketPromoCodes.eventId, eventId))
        .orderBy(desc(ticketPromoCodes.createdAt), desc(ticketPromoCodes.id));
    },

    async create(eventId: string, body: CreatePromoCode): Promise<PromoCode> {
      await eventPrice(eventId);
      const [row] = await writing(() =>
        db
          .insert(ticketPromoCodes)
          .values({
            eventId,
            code: body.code,
            percentOff: body.percentOff ?? null,
            amountOff: body.amountOff ?? null,
            maxUses: body.maxUses ?? null,
            startsAt: body.startsAt ?? null,
            endsAt: body.endsAt ?? null,
          })
          .returning({ id: ticketPromoCodes.id }),
      );
      return one(row.id);
    },

    /** The fields sent change; the code's rules are checked on the result (400 naming the field). */
    async update(id: string, body: UpdatePromoCode): Promise<PromoCode> {
      const [current] = await db.select().from(ticketPromoCodes).where(eq(ticketPromoCodes.id, id));
      if (!current) throw HttpError.notFound("Promo code not found");
      const next = { ...current, ...body };
      // Switching between a percentage and an amount: the one sent replaces the other.
      if (body.percentOff != null && body.amountOff === undefined) next.amountOff = null;
      if (body.amountOff != null && body.percentOff === undefined) next.percentOff = null;
      const problems = promoCodeProblems(next);
      const [field] = Object.keys(problems);
      if (field) throw HttpError.badRequest(problems[field][0], problems);
      await writing(() =>
        db
          .update(ticketPromoCodes)
          .set({
            code: next.code,
            percentOff: next.percentOff,
            amountOff: next.amountOff,
            maxUses: next.maxUses,
            startsAt: next.startsAt,
            endsAt: next.endsAt,
            active: next.active,
          })
          .where(eq(ticketPromoCodes.id, id)),
      );
      return one(id);
    },

    /**
     * The price of an order as the purchase would make it now: the same rule (one use per
     * ticket, half-up once per order), counting the uses taken without reserving any.
     */
    async quote({ eventId, quantity, code }: QuoteTickets): Promise<TicketQuote> {
      const unitPrice = await eventPrice(eventId);
      const fullCents = ticketTotalCents(toCents(unitPrice), quantity);
      if (fullCents === null) throw HttpError.badRequest("The total is too large for one purchase");
      let discount = "0.00";
      let discountedTickets = 0;
      if (code !== undefined) {
        const row: PromoCodeRow = await findUsableCode(db, eventId, code);
        const priced = priceWithCode(row, unitPrice, quantity, await usesTaken(db, row.id));
        discount = priced.discount;
        discountedTickets = priced.promoUses;
      }
      return { unitPrice, discount, total: fromCents(fullCents - toCents(discount)), discountedTickets };
    },
  };
}

function ticketPromoCodesColumns() {
  const { id, eventId, code, percentOff, amountOff, maxUses, startsAt, endsAt, active, createdAt } = ticketPromoCodes;
  return { id, eventId, code, percentOff, amountOff, maxUses, startsAt, endsAt, active, createdAt };
}

export type TicketPromoCodesService = ReturnType<typeof createTicketPromoCodesService>;
