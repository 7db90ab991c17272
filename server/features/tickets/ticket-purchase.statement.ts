import { and, eq, gte, lte, notInArray, sql } from "drizzle-orm";
import { events } from "@shared/events.table";
import { fromCents, MAX_AMOUNT_CENTS } from "@shared/money";
import type { OutboxTemplate } from "@shared/outbox";
import { outboxMessages } from "@shared/outbox.table";
import { ticketPurchases } from "@shared/tickets.table";
import { users } from "@shared/users.table";
import type { Database } from "../../db/database";
import { MINIMUM_CHARGE_CENTS } from "../../lib/checkout-payments";
import { venueToday } from "../../lib/venue-day";

/** Statuses in which nothing can be bought, whatever the stock says. */
const CLOSED_STATUSES = ["cancelled", "completed", "sold-out"];

const TICKET_CONFIRMATION: OutboxTemplate = "ticket-purchase-confirmation";

/** The smallest card charge Stripe accepts, as a numeric(10,2) literal. */
const MINIMUM_CARD_CHARGE = fromCents(MINIMUM_CHARGE_CENTS);

/** The buyer's name as the ticket shows it: first and last name, or the e-mail without them. */
export const holderName = sql<string>`coalesce(nullif(trim(concat_ws(' ', ${users.firstName}, ${users.lastName})), ''), ${users.email})`;

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
 * With a promo code (docs/decisions/052-ticket-promo-codes-and-waiting-list.md) the service
 * prices the discount from the code's row it locked and passes it with the unit price it used:
 * the update then takes nothing if the event's price changed meanwhile, and the order records
 * the code and how many of its tickets it discounted (its uses). Without one, `discount` is 0.
 *
 * Built once per card mode with placeholders and prepared by name: drizzle does not rebuild
 * the SQL on every purchase, and each connection has PostgreSQL parse it once.
 */
export function preparePurchase(db: Database, card: boolean, defaultTimeZone: string) {
  const quantity = sql`${sql.placeholder("quantity")}::integer`;
  const userId = sql`${sql.placeholder("userId")}::varchar`;
  const discount = sql`${sql.placeholder("discount")}::numeric`;
  const unitPrice = sql`${sql.placeholder("unitPrice")}::numeric`;
  const total = sql`(${events.ticketPrice} * ${quantity} - ${discount})`;
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
          sql`(${unitPrice} is null or ${events.ticketPrice} = ${unitPrice})`,
          gte(total, sql`0`),
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
          case when ${held} then ${holdUntil} end::timestamptz, null::text, null::timestamptz, null::timestamptz, null::text, null::text, null::timestamptz,
          ${sql.placeholder("promoCodeId")}::varchar, ${sql.placeholder("promoCode")}::text, ${discount}, ${sql.placeholder("promoUses")}::integer
          from ${taken}`,
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
          'payAtDoor', case when ${purchase.totalAmount} > 0 then ${purchase.totalAmount}::text end,
          'promoCode', ${purchase.promoCode}, 'discount', case when ${purchase.promoCode} is not null then ${purchase.discountAmount}::text end),
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

export type PurchaseStatement = ReturnType<typeof preparePurchase>;
