import { and, asc, desc, eq, gt, inArray, isNotNull, isNull, lt, notInArray, sql } from "drizzle-orm";
import { events } from "@shared/events.table";
import type { TicketCancelReason, TicketPurchase } from "@shared/tickets";
import { admittedTicketCount, ticketPurchases } from "@shared/tickets.table";
import { users } from "@shared/users.table";
import type { Database, Executor, Transaction } from "../../db/database";
import { holderName } from "./ticket-purchase.statement";
import { lockEvent, offerWaiting, type WaitlistSettings } from "./ticket-waitlist.offers";

/** An order with what its e-mails and documents print: the event and the holder. */
export type OrderDetails = TicketPurchase & {
  eventName: string;
  artist: string;
  date: string;
  time: string;
  venue: string;
  /** The venue's IANA zone (null only on events older than the column). */
  timeZone: string | null;
  buyerEmail: string;
  holderName: string;
};

const detailColumns = {
  eventName: events.name,
  artist: events.artist,
  date: events.date,
  time: events.time,
  venue: events.venue,
  timeZone: events.timeZone,
  buyerEmail: users.email,
  holderName,
};

/** The state changes of ticket orders after their purchase: payment, cancellation, refund. */
/** `waitlist`: tickets given back are offered to the event's waiting list (ticket-waitlist.offers.ts). */
export function createTicketOrdersRepository(db: Database, waitlist?: WaitlistSettings) {
  return {
    transaction<T>(work: (tx: Transaction) => Promise<T>): Promise<T> {
      return db.transaction(work);
    },

    /** Row lock: the payment confirmation, the webhook, the hold release and a cancel take turns. */
    async lock(id: string, tx: Transaction): Promise<TicketPurchase | undefined> {
      const [row] = await tx.select().from(ticketPurchases).where(eq(ticketPurchases.id, id)).for("update");
      return row;
    },

    async details(id: string, tx: Executor = db): Promise<OrderDetails | undefined> {
      const [row] = await tx
        .select({ order: ticketPurchases, ...detailColumns })
        .from(ticketPurchases)
        .innerJoin(events, eq(events.id, ticketPurchases.eventId))
        .innerJoin(users, eq(users.id, ticketPurchases.userId))
        .where(eq(ticketPurchases.id, id));
      if (!row) return undefined;
      const { order, buyerEmail, ...rest } = row;
      return { ...order, ...rest, buyerEmail: buyerEmail ?? "" };
    },

    /** The label name an administrator saved in Label Settings, printed on tickets. */
    async labelName(): Promise<string | null> {
      const [row] = await db
        .select({ labelName: users.labelName })
        .from(users)
        .where(and(eq(users.role, "admin"), sql`nullif(trim(${users.labelName}), '') is not null`))
        .orderBy(desc(users.updatedAt))
        .limit(1);
      return row?.labelName?.trim() ?? null;
    },

    /**
     * How many of the order's tickets were admitted; read under the order's row lock (`lock`),
     * for which an admission waits, so none is admitted between this read and the change.
     */
    async admittedTickets(id: string, tx: Transaction): Promise<number> {
      const [row] = await tx
        .select({ admitted: admittedTicketCount })
        .from(ticketPurchases)
        .where(eq(ticketPurchases.id, id));
      return row?.admitted ?? 0;
    },

    async findByPaymentIntent(paymentIntentId: string, tx: Executor = db): Promise<TicketPurchase | undefined> {
      const [row] = await tx.select().from(ticketPurchases).where(eq(ticketPurchases.paymentIntentId, paymentIntentId));
      return row;
    },

    async attachPaymentIntent(id: string, paymentIntentId: string): Promise<void> {
      await db.update(ticketPurchases).set({ paymentIntentId }).where(eq(ticketPurchases.id, id));
    },

    async update(id: string, changes: Partial<TicketPurchase>, tx: Executor = db): Promise<TicketPurchase> {
      const [row] = await tx.update(ticketPurchases).set(changes).where(eq(ticketPurchases.id, id)).returning();
      return row;
    },

    cancel(id: string, reason: TicketCancelReason, tx: Transaction): Promise<TicketPurchase> {
      return this.update(
        id,
        { status: "cancelled", cancelReason: reason, cancelledAt: new Date(), holdExpiresAt: null },
        tx,
      );
    },

    /**
     * Tickets back on sale; a sold-out event goes back on sale (a cancelled one stays cancelled).
     * Never above the total: stock changed by hand must not make a release, a cancel or a
     * refund fail on the CHECK constraint and leave the order (and its money) where it is.
     */
    async releaseStock(eventId: string, quantity: number, tx: Transaction): Promise<void> {
      // The waiting list first: the event's lock, then the tickets back and on to the oldest
      // entries that fit, in this same transaction, so nobody else buys them in between.
      if (waitlist) await lockEvent(tx, eventId);
      await tx
        .update(events)
        .set({
          availableTickets: sql`least(${events.availableTickets} + ${quantity}::integer, ${events.totalTickets})`,
          status: sql`case when ${events.status} = 'sold-out' then 'on-sale' else ${events.status} end`,
        })
        .where(eq(events.id, eventId));
      if (waitlist) await offerWaiting(tx, waitlist, eventId);
    },

    /** Takes the tickets of a hold that expired before its payment arrived, if they are still there. */
    async retakeStock(eventId: string, quantity: number, tx: Transaction): Promise<boolean> {
      const rows = await tx
        .update(events)
        .set({
          availableTickets: sql`${events.availableTickets} - ${quantity}::integer`,
          status: sql`case when ${events.availableTickets} - ${quantity}::integer = 0 then 'sold-out' else ${events.status} end`,
        })
        .where(
          and(
            eq(events.id, eventId),
            sql`${events.availableTickets} >= ${quantity}::integer`,
            notInArray(events.status, ["cancelled", "completed"]),
          ),
        )
        .returning({ id: events.id });
      return rows.length > 0;
    },

    /** Holds whose time ran out, by id after `after`; the partial index on hold_expires_at serves this. */
    async findExpiredHolds(after: string | undefined, limit: number): Promise<string[]> {
      const rows = await db
        .select({ id: ticketPurchases.id })
        .from(ticketPurchases)
        .where(
          and(
            eq(ticketPurchases.status, "pending"),
            lt(ticketPurchases.holdExpiresAt, sql`now()`),
            after === undefined ? undefined : gt(ticketPurchases.id, after),
          ),
        )
        .orderBy(asc(ticketPurchases.id))
        .limit(limit);
      return rows.map((row) => row.id);
    },

    /** Cancelled paid orders whose refund Stripe has not been asked for yet, oldest first. */
    findRefundsDue(limit: number): Promise<TicketPurchase[]> {
      return db
        .select()
        .from(ticketPurchases)
        .where(
          and(
            eq(ticketPurchases.status, "cancelled"),
            isNotNull(ticketPurchases.paidAt),
            isNull(ticketPurchases.refundId),
          ),
        )
        .orderBy(asc(ticketPurchases.cancelledAt))
        .limit(limit);
    },

    /** Orders still standing (held or confirmed) at events that have been cancelled, by id after `after`. */
    async findOrdersOfCancelledEvents(after: string | undefined, limit: number): Promise<string[]> {
      const rows = await db
        .select({ id: ticketPurchases.id })
        .from(ticketPurchases)
        .innerJoin(events, eq(events.id, ticketPurchases.eventId))
        .where(
          and(
            eq(events.status, "cancelled"),
            inArray(ticketPurchases.status, ["pending", "confirmed"]),
            after === undefined ? undefined : gt(ticketPurchases.id, after),
          ),
        )
        .orderBy(asc(ticketPurchases.id))
        .limit(limit);
      return rows.map((row) => row.id);
    },

    /** Marks the event cancelled; true if it exists (cancelling twice changes nothing more). */
    async cancelEvent(eventId: string): Promise<boolean> {
      const rows = await db
        .update(events)
        .set({ status: "cancelled" })
        .where(eq(events.id, eventId))
        .returning({ id: events.id });
      return rows.length > 0;
    },

    listForEvent(eventId: string) {
      return db
        .select({
          id: ticketPurchases.id,
          quantity: ticketPurchases.quantity,
          totalAmount: ticketPurchases.totalAmount,
          status: ticketPurchases.status,
          purchaseDate: ticketPurchases.purchaseDate,
          confirmationCode: ticketPurchases.confirmationCode,
          paidAt: ticketPurchases.paidAt,
          cancelledAt: ticketPurchases.cancelledAt,
          refundedAt: ticketPurchases.refundedAt,
          buyerName: sql<string | null>`nullif(trim(concat_ws(' ', ${users.firstName}, ${users.lastName})), '')`,
          buyerEmail: users.email,
          checkedInTickets: admittedTicketCount,
          promoCode: ticketPurchases.promoCode,
          discountAmount: ticketPurchases.discountAmount,
        })
        .from(ticketPurchases)
        .innerJoin(users, eq(users.id, ticketPurchases.userId))
        .where(
          and(eq(ticketPurchases.eventId, eventId), sql`${ticketPurchases.cancelReason} is distinct from 'expired'`),
        )
        .orderBy(desc(ticketPurchases.purchaseDate), desc(ticketPurchases.id));
    },
  };
}

export type TicketOrdersRepository = ReturnType<typeof createTicketOrdersRepository>;
