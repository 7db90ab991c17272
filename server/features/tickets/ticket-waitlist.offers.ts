import { and, asc, eq, sql } from "drizzle-orm";
import { events } from "@shared/events.table";
import { outboxMessages } from "@shared/outbox.table";
import { ticketWaitlistEntries } from "@shared/ticket-waitlist.table";
import type { Transaction } from "../../db/database";
import { HttpError } from "../../lib/http-error";

/** Where the e-mails' links lead and how long an offer holds its tickets (WAITLIST_OFFER_HOURS). */
export interface WaitlistSettings {
  appUrl: string;
  offerHours: number;
}

export type WaitlistRow = typeof ticketWaitlistEntries.$inferSelect;
type EventRow = typeof events.$inferSelect;

export function waitlistLinks(settings: WaitlistSettings, entry: { token: string; eventId: string }) {
  const token = encodeURIComponent(entry.token);
  return {
    removeLink: `${settings.appUrl}/waitlist/leave/${token}`,
    buyLink: `${settings.appUrl}/tickets?waitlist-offer=${token}&event=${encodeURIComponent(entry.eventId)}`,
  };
}

/** Queues a waiting-list e-mail in the transaction of the change it reports. */
export async function queueWaitlistMessage(
  tx: Transaction,
  settings: WaitlistSettings,
  event: Pick<EventRow, "name" | "artist" | "date" | "time" | "venue">,
  entry: WaitlistRow,
  extra: { kind: "joined"; position: number } | { kind: "offer" },
) {
  const links = waitlistLinks(settings, entry);
  await tx.insert(outboxMessages).values({
    template: "ticket-waitlist",
    recipient: entry.email,
    aboutType: "ticket_waitlist",
    aboutId: entry.id,
    params: {
      ...extra,
      eventName: event.name,
      artist: event.artist,
      date: event.date,
      time: event.time,
      venue: event.venue,
      quantity: entry.quantity,
      removeLink: links.removeLink,
      ...(extra.kind === "offer"
        ? { buyLink: links.buyLink, offerExpiresAt: entry.offerExpiresAt?.toISOString() }
        : {}),
    },
  });
}

/** The event's row, locked: every change of the waiting list's offers takes it first. */
export async function lockEvent(tx: Transaction, eventId: string): Promise<EventRow | undefined> {
  const [row] = await tx.select().from(events).where(eq(events.id, eventId)).for("update");
  return row;
}

/** Gives an entry's held tickets back to the event's stock (the caller holds the event's lock). */
export async function returnHeld(tx: Transaction, eventId: string, held: number) {
  if (held <= 0) return;
  await tx
    .update(events)
    .set({
      availableTickets: sql`least(${events.availableTickets} + ${held}::integer, ${events.totalTickets})`,
      status: sql`case when ${events.status} = 'sold-out' then 'on-sale' else ${events.status} end`,
    })
    .where(eq(events.id, eventId));
}

/** Holds `entry`'s tickets for it, from the stock, and e-mails the offer. */
async function makeOffer(tx: Transaction, settings: WaitlistSettings, event: EventRow, entry: WaitlistRow) {
  const [offered] = await tx
    .update(ticketWaitlistEntries)
    .set({
      status: "offered",
      heldTickets: entry.quantity,
      offeredAt: sql`now()`,
      offerExpiresAt: sql`now() + make_interval(hours => ${settings.offerHours}::integer)`,
    })
    .where(eq(ticketWaitlistEntries.id, entry.id))
    .returning();
  await tx
    .update(events)
    .set({
      availableTickets: sql`${events.availableTickets} - ${entry.quantity}::integer`,
      status: sql`case when ${events.availableTickets} - ${entry.quantity}::integer = 0 then 'sold-out' else ${events.status} end`,
    })
    .where(eq(events.id, event.id));
  await queueWaitlistMessage(tx, settings, event, offered, { kind: "offer" });
  return offered;
}

/**
 * Offers the event's tickets left to the oldest waiting entries that fit, under the event's row
 * lock: on any number of instances, one of them makes each offer. Nothing is offered for an
 * event that is cancelled, completed or not on sale. Runs in the transaction that gave tickets
 * back (a cancellation, a refund, a released hold, an expired offer), so nobody else buys them
 * first, and from the sweep job for tickets an administrator added.
 */
export async function offerWaiting(tx: Transaction, settings: WaitlistSettings, eventId: string, only?: string) {
  const event = await lockEvent(tx, eventId);
  if (!event || !["on-sale", "sold-out"].includes(event.status)) return [];
  let left = event.availableTickets;
  const waiting = await tx
    .select()
    .from(ticketWaitlistEntries)
    .where(and(eq(ticketWaitlistEntries.eventId, eventId), eq(ticketWaitlistEntries.status, "waiting")))
    .orderBy(asc(ticketWaitlistEntries.createdAt), asc(ticketWaitlistEntries.id));
  const offers: WaitlistRow[] = [];
  for (const entry of waiting) {
    if (left <= 0) break;
    if (only && entry.id !== only) continue;
    if (entry.quantity > left) continue;
    offers.push(await makeOffer(tx, settings, event, entry));
    left -= entry.quantity;
  }
  return offers;
}

/** Ends an entry (expired or removed): its held tickets go back and on to the next in line. */
export async function endEntry(
  tx: Transaction,
  settings: WaitlistSettings,
  entry: Pick<WaitlistRow, "id" | "eventId">,
  status: "expired" | "removed",
  onlyIfExpired = false,
): Promise<boolean> {
  await lockEvent(tx, entry.eventId);
  const [row] = await tx
    .select()
    .from(ticketWaitlistEntries)
    .where(eq(ticketWaitlistEntries.id, entry.id))
    .for("update");
  if (!row || (row.status !== "waiting" && row.status !== "offered")) return false;
  if (onlyIfExpired && !(row.status === "offered" && row.offerExpiresAt && row.offerExpiresAt <= new Date()))
    return false;
  await tx.update(ticketWaitlistEntries).set({ status, heldTickets: 0 }).where(eq(ticketWaitlistEntries.id, row.id));
  await returnHeld(tx, row.eventId, row.heldTickets);
  await offerWaiting(tx, settings, row.eventId);
  return true;
}

/**
 * Inside a purchase's transaction: the offer the link carries, for this event, still valid and
 * for at least the tickets asked. Its held tickets go back to the stock under the event's lock,
 * which the purchase statement then takes in the same transaction; the entry is bought.
 */
export async function claimOffer(tx: Transaction, token: string, eventId: string, quantity: number) {
  await lockEvent(tx, eventId);
  const [row] = await tx
    .select()
    .from(ticketWaitlistEntries)
    .where(and(eq(ticketWaitlistEntries.token, token), eq(ticketWaitlistEntries.eventId, eventId)))
    .for("update");
  if (!row) throw HttpError.notFound("Waiting-list offer not found");
  if (row.status !== "offered" || !row.offerExpiresAt || row.offerExpiresAt <= new Date()) {
    throw HttpError.conflict("This offer has ended");
  }
  if (quantity > row.heldTickets) {
    const message = `Your offer holds ${row.heldTickets} ticket${row.heldTickets === 1 ? "" : "s"}`;
    throw HttpError.badRequest(message, { quantity: [message] });
  }
  await returnHeld(tx, eventId, row.heldTickets);
  await tx
    .update(ticketWaitlistEntries)
    .set({ status: "bought", heldTickets: 0 })
    .where(eq(ticketWaitlistEntries.id, row.id));
  return row;
}
