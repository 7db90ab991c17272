import { and, asc, desc, eq, getTableColumns, inArray, sql } from "drizzle-orm";
import { drizzle } from "drizzle-orm/node-postgres";
import type pg from "pg";
import type { EventRow } from "@shared/events";
import { events } from "@shared/events.table";
import type { MyTicketRow, TicketPurchase } from "@shared/tickets";
import { issuedTickets, ticketPurchases, ticketUsedAt } from "@shared/tickets.table";
import * as schema from "@shared/schema";
import type { Database, Transaction } from "../../db/database";
import { lockUnpaidBuyer } from "../../lib/unpaid-holds";
import { venueToday } from "../../lib/venue-day";
import { findUsableCode, lockPromoCode, type PromoPricing } from "./ticket-promo-uses";
import { preparePurchase, type PurchaseStatement } from "./ticket-purchase.statement";
import { claimOffer, offerWaiting, type WaitlistSettings } from "./ticket-waitlist.offers";
import { ticketWaitlistEntries } from "@shared/ticket-waitlist.table";
import { HttpError } from "../../lib/http-error";

/** The advisory lock a buyer's card holds are counted under (lib/unpaid-holds.ts). */
const TICKET_HOLDS = "ticket-order";

export const CONFIRMATION_CODE_CONSTRAINT = "ticket_purchases_confirmation_code_unique";

export interface PurchaseRequest {
  /** Drawn by the server before the statement (the e-mail's reference to the order). */
  id: string;
  eventId: string;
  userId: string;
  quantity: number;
  confirmationCode: string;
  /**
   * Set while card payments are configured: a priced order is then held (pending) for this
   * long instead of confirmed, if the buyer holds fewer than `maxUnpaid` such orders.
   */
  card: { holdMinutes: number; maxUnpaid: number } | null;
  /** The promo code the buyer typed, found for this event; priced under its row lock. */
  promo?: PromoPricing;
  /** The token of a waiting-list offer: its held tickets are this purchase's. */
  waitlistToken?: string;
}

interface Own {
  db: Database;
  statement: PurchaseStatement;
}

// Stripe's references and the order-wide admission of earlier versions stay on the server;
// everything else of an order is the buyer's to see (its tickets say when they were used).
const {
  paymentIntentId: _intent,
  refundId: _refund,
  checkedInAt: _admittedAt,
  checkedInBy: _admittedBy,
  promoCodeId: _code,
  promoUses: _uses,
  ...orderColumns
} = getTableColumns(ticketPurchases);
export { orderColumns };

/** The values of an order without a promo code. */
const NO_PROMO = { discount: "0", unitPrice: null, promoCodeId: null, promoCode: null, promoUses: 0 };

/**
 * `pool` is the one `db` runs on: a card purchase, or one with a promo code, checks out a
 * connection of its own for its transaction (below). `defaultTimeZone` (DEFAULT_TIME_ZONE, UTC
 * unless configured) judges the day of an event older than its time-zone column.
 */
export function createTicketsRepository(
  db: Database,
  pool: pg.Pool,
  defaultTimeZone = "UTC",
  waitlist: WaitlistSettings = { appUrl: "", offerHours: 24 },
) {
  let free: PurchaseStatement | undefined;
  // A prepared statement belongs to the connection it runs on; a purchase in a transaction runs
  // on one checked-out connection, so each connection keeps its own per card mode, built once
  // (building the statement costs more CPU than the purchase itself).
  const own = { card: new WeakMap<pg.PoolClient, Own>(), free: new WeakMap<pg.PoolClient, Own>() };

  /** A short transaction on a checked-out connection, with its prepared statement. */
  async function inTransaction<T>(
    card: boolean,
    work: (tx: Transaction, statement: PurchaseStatement) => Promise<T>,
  ): Promise<T> {
    const client = await pool.connect();
    try {
      const cache = card ? own.card : own.free;
      let mine = cache.get(client);
      if (!mine) {
        const onClient = drizzle(client, { schema });
        mine = { db: onClient, statement: preparePurchase(onClient, card, defaultTimeZone) };
        cache.set(client, mine);
      }
      const { statement } = mine;
      return await mine.db.transaction((tx) => work(tx, statement));
    } finally {
      client.release();
    }
  }

  return {
    /**
     * One purchase through the prepared statement. Undefined when refused.
     *
     * A priced order while card payments are on is capped per buyer: the buyer's advisory lock
     * first, then the statement that counts their holds, in one transaction, so parallel
     * purchases of different events (different row locks) cannot all count the same holds.
     * A promo code's row is locked next (FOR UPDATE) and its uses counted from the orders that
     * hold or paid them, so buyers racing for its last use on any number of instances take
     * turns at that lock and see each other's committed orders (docs/decisions/052-ticket-promo-codes-and-waiting-list.md).
     */
    async buyTickets({ card, promo, waitlistToken, ...request }: PurchaseRequest): Promise<TicketPurchase | undefined> {
      const values: Record<string, unknown> = { ...request, ...NO_PROMO };
      if (card) Object.assign(values, { holdMinutes: card.holdMinutes, maxUnpaid: card.maxUnpaid });
      if (!card && !promo && !waitlistToken) {
        free ??= preparePurchase(db, false, defaultTimeZone);
        const [row] = await free.execute(values);
        return row;
      }
      return inTransaction(card !== null, async (tx, statement) => {
        if (card) await lockUnpaidBuyer(tx, TICKET_HOLDS, request.userId);
        if (promo) Object.assign(values, await lockPromoCode(tx, promo));
        // An offer's held tickets go back to the stock under the event's lock and the statement
        // takes them in the same transaction; what the buyer left goes to the next in line.
        const offer = waitlistToken && (await claimOffer(tx, waitlistToken, request.eventId, request.quantity));
        const [row] = await statement.execute(values);
        if (offer) {
          if (!row) throw HttpError.conflict("The tickets for this event just changed. Please try again.");
          await tx.update(ticketWaitlistEntries).set({ orderId: row.id }).where(eq(ticketWaitlistEntries.id, offer.id));
          await offerWaiting(tx, waitlist, request.eventId);
        }
        return row;
      });
    },

    /** A code the buyer typed, usable for this event now (else a 400 saying why). */
    findPromoCode: (eventId: string, typed: string) => findUsableCode(db, eventId, typed),

    /** The event as the refusal sees it; `isPast` judges the venue's day, like the guard. */
    async findEvent(eventId: string): Promise<(EventRow & { isPast: boolean }) | undefined> {
      const [row] = await db
        .select({
          ...getTableColumns(events),
          isPast: sql<boolean>`${events.date} < ${venueToday(events.timeZone, defaultTimeZone)}`,
        })
        .from(events)
        .where(eq(events.id, eventId));
      return row;
    },

    /** Orders of this buyer still waiting for their card payment (the refusal's count). */
    async countPending(userId: string): Promise<number> {
      const [row] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(ticketPurchases)
        .where(and(eq(ticketPurchases.userId, userId), eq(ticketPurchases.status, "pending")));
      return row.n;
    },

    /** The user's orders that are, or were, tickets, with their events in one joined query, newest first. */
    listForUser(userId: string): Promise<Omit<MyTicketRow, "tickets">[]> {
      return db
        .select({
          ...orderColumns,
          event: {
            id: events.id,
            name: events.name,
            artist: events.artist,
            date: events.date,
            time: events.time,
            venue: events.venue,
            timeZone: events.timeZone,
            imageUrl: events.imageUrl,
            status: events.status,
          },
        })
        .from(ticketPurchases)
        .innerJoin(events, eq(events.id, ticketPurchases.eventId))
        .where(
          and(
            eq(ticketPurchases.userId, userId),
            inArray(ticketPurchases.status, ["confirmed", "used", "cancelled", "refunded"]),
            sql`${ticketPurchases.cancelReason} is distinct from 'expired'`,
          ),
        )
        .orderBy(desc(ticketPurchases.purchaseDate), desc(ticketPurchases.id));
    },

    /**
     * The tickets of the user's valid orders (confirmed, or admitted whole by an earlier
     * version: its time lent to tickets without their own), in one query for the whole list.
     */
    ticketsOfUser(userId: string): Promise<{ orderId: string; position: number; checkedInAt: Date | null }[]> {
      return db
        .select({
          orderId: issuedTickets.orderId,
          position: issuedTickets.position,
          checkedInAt: ticketUsedAt,
        })
        .from(issuedTickets)
        .innerJoin(ticketPurchases, eq(ticketPurchases.id, issuedTickets.orderId))
        .where(and(eq(ticketPurchases.userId, userId), inArray(ticketPurchases.status, ["confirmed", "used"])))
        .orderBy(asc(issuedTickets.orderId), asc(issuedTickets.position));
    },
  };
}

export type TicketsRepository = ReturnType<typeof createTicketsRepository>;
