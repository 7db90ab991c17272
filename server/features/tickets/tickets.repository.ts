import { and, asc, desc, eq, getTableColumns, gte, inArray, lte, notInArray, sql } from "drizzle-orm";
import { drizzle } from "drizzle-orm/node-postgres";
import type pg from "pg";
import type { EventRow } from "@shared/events";
import { events } from "@shared/events.table";
import { fromCents, MAX_AMOUNT_CENTS } from "@shared/money";
import type { MyTicketRow, TicketPurchase } from "@shared/tickets";
import { issuedTickets, ticketPurchases, ticketUsedAt } from "@shared/tickets.table";
import type { OutboxTemplate } from "@shared/outbox";
import { outboxMessages } from "@shared/outbox.table";
import * as schema from "@shared/schema";
import { users } from "@shared/users.table";
import type { Database } from "../../db/database";
import { MINIMUM_CHARGE_CENTS } from "../../lib/checkout-payments";
import { lockUnpaidBuyer } from "../../lib/unpaid-holds";
import { venueToday } from "../../lib/venue-day";

/** Statuses in which nothing can be bought, whatever the stock says. */
const CLOSED_STATUSES = ["cancelled", "completed", "sold-out"];

const TICKET_CONFIRMATION: OutboxTemplate = "ticket-purchase-confirmation";

/** The advisory lock a buyer's card holds are counted under (lib/unpaid-holds.ts). */
const TICKET_HOLDS = "ticket-order";

export const CONFIRMATION_CODE_CONSTRAINT = "ticket_purchases_confirmation_code_unique";

/** The smallest card charge Stripe accepts, as a numeric(10,2) literal. */
const MINIMUM_CARD_CHARGE = fromCents(MINIMUM_CHARGE_CENTS);

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
}

/** The buyer's name as the ticket shows it: first and last name, or the e-mail without them. */
export const holderName = sql<string>`coalesce(nullif(trim(concat_ws(' ', ${users.firstName}, ${users.lastName})), ''), ${users.email})`;

// Stripe's references and the order-wide admission of earlier versions stay on the server;
// everything else of an order is the buyer's to see (its tickets say when they were used).
const {
  paymentIntentId: _intent,
  refundId: _refund,
  checkedInAt: _admittedAt,
  checkedInBy: _admittedBy,
  ...orderColumns
} = getTableColumns(ticketPurchases);
export { orderColumns };

/**
 * The inventory guard (docs/decisions/005-single-statement-purchase.md) and the purchase in
 * one statement: a conditional UPDATE takes the tickets only if enough remain, the event's
 * day has not ended at its venue (in its own time zone, not the database's `current_date`),
 * the order stays within the event's per-order cap and the total fits numeric(10,2), and the INSERT
 * records the purchase from what it returned, priced by the database. Concurrent buyers on
 * any number of app instances are serialised by the event's row lock and can never
 * oversell, and the lock is held for one statement, not for several round trips. The last
 * ticket flips the status to sold-out. A taken confirmation code fails the whole statement
 * (unique violation), stock included. The order's tickets, one row per person, are issued by
 * the database inside this same statement (the trigger on ticket_purchases, migration 0020),
 * so an order never exists without them, whoever inserted it
 * (docs/decisions/030-one-code-per-ticket.md).
 * A free order (or any order while card payments are off) is confirmed at once and the same
 * statement queues the buyer's confirmation e-mail, so a purchase that commits always has
 * its message and one that fails never does. A priced order confirmed here was not paid (card
 * payments are off): it is a reservation, and its e-mail says what to pay at the door. A priced order with card payments on is held
 * as "pending" with an expiry and no e-mail: it is confirmed when paid
 * (docs/decisions/014-paid-tickets.md). The cap on a buyer's pending orders is counted by this
 * statement too, which is why a card purchase runs it in a short transaction after the
 * buyer's advisory lock (buyByCard below); its row lock then also spans the COMMIT.
 *
 * Built once per card mode with placeholders and prepared by name: drizzle does not rebuild
 * the SQL on every purchase, and each connection has PostgreSQL parse it once.
 */
function preparePurchase(db: Database, card: boolean, defaultTimeZone: string) {
  const quantity = sql`${sql.placeholder("quantity")}::integer`;
  const userId = sql`${sql.placeholder("userId")}::varchar`;
  const total = sql`${events.ticketPrice} * ${quantity}`;
  const pendingOrders = sql`(select count(*) from ${ticketPurchases} where ${ticketPurchases.userId} = ${userId} and ${ticketPurchases.status} = 'pending')`;
  const payable = card
    ? sql`(${total} = 0 or (${total} >= ${MINIMUM_CARD_CHARGE}::numeric and ${pendingOrders} < ${sql.placeholder("maxUnpaid")}::integer))`
    : undefined;
  const taken = db.$with("taken").as(
    db
      .update(events)
      .set({
        availableTickets: sql`${events.availableTickets} - ${quantity}`,
        status: sql`case when ${events.availableTickets} - ${quantity} = 0 then 'sold-out' else ${events.status} end`,
      })
      .where(
        and(
          eq(events.id, sql`${sql.placeholder("eventId")}::varchar`),
          gte(events.availableTickets, quantity),
          gte(events.maxPerOrder, quantity),
          notInArray(events.status, CLOSED_STATUSES),
          gte(events.date, venueToday(events.timeZone, defaultTimeZone)),
          lte(total, fromCents(MAX_AMOUNT_CENTS)),
          payable,
        ),
      )
      .returning({
        id: events.id,
        total: total.as("total"),
        name: events.name,
        artist: events.artist,
        date: events.date,
        time: events.time,
        venue: events.venue,
        timeZone: sql<string>`coalesce(${events.timeZone}, ${defaultTimeZone}::text)`.as("time_zone"),
      }),
  );
  const held = card ? sql`${taken.total} > 0` : sql`false`;
  const holdUntil = card ? sql`now() + make_interval(mins => ${sql.placeholder("holdMinutes")}::integer)` : sql`null`;
  // INSERT ... SELECT names every column in table order; the defaults are the table's own,
  // and a new ticket is not checked in, paid, cancelled or refunded.
  const purchase = db.$with("purchase").as(
    db
      .insert(ticketPurchases)
      .select(
        sql`select ${sql.placeholder("id")}::varchar, ${taken.id}, ${userId}, ${quantity}, ${taken.total},
          case when ${held} then 'pending' else 'confirmed' end, ${ticketPurchases.purchaseDate.default}, ${sql.placeholder("confirmationCode")}::text,
          null::timestamptz, null::varchar,
          case when ${held} then ${holdUntil} end::timestamptz, null::text, null::timestamptz, null::timestamptz, null::text, null::text, null::timestamptz from ${taken}`,
      )
      .returning(),
  );
  // Parameters as the template reads them (shared/outbox.ts); the buyer's address from users.
  const columns = [
    outboxMessages.template,
    outboxMessages.params,
    outboxMessages.recipient,
    outboxMessages.aboutType,
    outboxMessages.aboutId,
  ];
  const message = db.$with("message", { id: sql<string>`id` }).as(
    sql`insert into ${outboxMessages} (${sql.join(
      columns.map((c) => sql.identifier(c.name)),
      sql`, `,
    )})
      select ${TICKET_CONFIRMATION}::text,
        jsonb_build_object('eventName', ${taken.name}, 'artist', ${taken.artist}, 'date', ${taken.date}::text,
          'time', ${taken.time}, 'venue', ${taken.venue}, 'quantity', ${purchase.quantity},
          'total', ${purchase.totalAmount}::text, 'confirmationCode', ${purchase.confirmationCode},
          'purchaseId', ${purchase.id}, 'holderName', ${holderName},
          'timeZone', ${taken.timeZone},
          'payAtDoor', case when ${purchase.totalAmount} > 0 then ${purchase.totalAmount}::text end),
        ${users.email}, 'ticket_purchase', ${purchase.id}
      from ${purchase} cross join ${taken} join ${users} on ${users.id} = ${purchase.userId}
      where ${purchase.status} = 'confirmed'
      returning id`,
  );
  return db
    .with(taken, purchase, message)
    .select()
    .from(purchase)
    .prepare(card ? "buy_tickets_by_card" : "buy_tickets");
}

type PurchaseStatement = ReturnType<typeof preparePurchase>;

/**
 * `pool` is the one `db` runs on: a card purchase checks out a connection of its own for its
 * transaction (below). `defaultTimeZone` (DEFAULT_TIME_ZONE, UTC unless configured) judges the
 * day of an event older than its time-zone column.
 */
export function createTicketsRepository(db: Database, pool: pg.Pool, defaultTimeZone = "UTC") {
  let free: PurchaseStatement | undefined;
  // A prepared statement belongs to the connection it runs on; a card purchase runs in a
  // transaction on one checked-out connection, so each connection keeps its own, built once
  // (building the statement costs more CPU than the purchase itself).
  const byCard = new WeakMap<pg.PoolClient, { db: Database; statement: PurchaseStatement }>();

  /**
   * A priced order while card payments are on is capped per buyer: the buyer's advisory lock
   * first, then the statement that counts their holds, in one transaction, so parallel
   * purchases of different events (different row locks) cannot all count the same holds.
   */
  async function buyByCard(values: Record<string, unknown>, userId: string): Promise<TicketPurchase | undefined> {
    const client = await pool.connect();
    try {
      let own = byCard.get(client);
      if (!own) {
        const onClient = drizzle(client, { schema });
        own = { db: onClient, statement: preparePurchase(onClient, true, defaultTimeZone) };
        byCard.set(client, own);
      }
      const { statement } = own;
      return await own.db.transaction(async (tx) => {
        await lockUnpaidBuyer(tx, TICKET_HOLDS, userId);
        const [row] = await statement.execute(values);
        return row;
      });
    } finally {
      client.release();
    }
  }

  return {
    /** One purchase through the prepared statement above. Undefined when refused. */
    async buyTickets({ card, ...request }: PurchaseRequest): Promise<TicketPurchase | undefined> {
      if (card) {
        return buyByCard({ ...request, holdMinutes: card.holdMinutes, maxUnpaid: card.maxUnpaid }, request.userId);
      }
      free ??= preparePurchase(db, false, defaultTimeZone);
      const [row] = await free.execute(request);
      return row;
    },

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
