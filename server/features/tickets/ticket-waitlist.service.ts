import crypto from "node:crypto";
import { and, asc, eq, gt, inArray, lte, sql } from "drizzle-orm";
import { events } from "@shared/events.table";
import {
  waitlistEmailKey,
  type JoinWaitlist,
  type WaitlistEntryRow,
  type WaitlistStatus,
} from "@shared/ticket-waitlist";
import { ticketWaitlistEntries } from "@shared/ticket-waitlist.table";
import type { Database } from "../../db/database";
import { eachOnItsOwn } from "../../jobs/each-on-its-own";
import { toCsv } from "../../lib/csv";
import { HttpError } from "../../lib/http-error";
import type { Logger } from "../../lib/logger";
import { isUniqueViolation } from "../../lib/pg-errors";
import { endEntry, offerWaiting, queueWaitlistMessage, type WaitlistSettings } from "./ticket-waitlist.offers";

const PERSON_UNIQUE = "ticket_waitlist_entries_person_unique";
const ALREADY = "This address is already on the waiting list for this event";
const NOT_SOLD_OUT = "This event is not sold out: buy tickets instead";
const OPEN: WaitlistStatus[] = ["waiting", "offered"];

/** Position among the entries still waiting or offered, oldest first. */
const position = sql<number | null>`case when ${ticketWaitlistEntries.status} in ('waiting', 'offered')
  then (row_number() over (partition by ${ticketWaitlistEntries.status} in ('waiting', 'offered')
    order by ${ticketWaitlistEntries.createdAt}, ${ticketWaitlistEntries.id}))::int end`;

/** A sold-out event's waiting list (docs/product.md, "Waiting list"). */
export function createTicketWaitlistService(db: Database, settings: WaitlistSettings, logger: Logger) {
  async function entries(eventId: string): Promise<WaitlistEntryRow[]> {
    const rows = await db
      .select({
        id: ticketWaitlistEntries.id,
        email: ticketWaitlistEntries.email,
        name: ticketWaitlistEntries.name,
        quantity: ticketWaitlistEntries.quantity,
        status: ticketWaitlistEntries.status,
        position,
        offeredAt: ticketWaitlistEntries.offeredAt,
        offerExpiresAt: ticketWaitlistEntries.offerExpiresAt,
        createdAt: ticketWaitlistEntries.createdAt,
      })
      .from(ticketWaitlistEntries)
      .where(eq(ticketWaitlistEntries.eventId, eventId))
      .orderBy(asc(ticketWaitlistEntries.createdAt), asc(ticketWaitlistEntries.id));
    return rows.map((row) => ({ ...row, status: row.status as WaitlistStatus }));
  }

  async function event(eventId: string) {
    const [row] = await db.select().from(events).where(eq(events.id, eventId));
    if (!row) throw HttpError.notFound("Event not found");
    return row;
  }

  async function entryById(id: string) {
    const [row] = await db.select().from(ticketWaitlistEntries).where(eq(ticketWaitlistEntries.id, id));
    if (!row) throw HttpError.notFound("Waiting-list entry not found");
    return row;
  }

  return {
    /** Sold out means status sold-out or no ticket left; the e-mail says the position and how to leave. */
    async join(eventId: string, body: JoinWaitlist, userId?: string): Promise<{ position: number }> {
      const shown = await event(eventId);
      const soldOut = shown.status === "sold-out" || (shown.status === "on-sale" && shown.availableTickets === 0);
      if (!soldOut) throw HttpError.conflict(NOT_SOLD_OUT);
      if (body.quantity > shown.maxPerOrder) {
        const message = `Ask for at most ${shown.maxPerOrder} tickets`;
        throw HttpError.badRequest(message, { quantity: [message] });
      }
      try {
        return await db.transaction(async (tx) => {
          const [entry] = await tx
            .insert(ticketWaitlistEntries)
            .values({
              eventId,
              email: body.email,
              emailKey: waitlistEmailKey(body.email),
              name: body.name || null,
              quantity: body.quantity,
              userId: userId ?? null,
              token: crypto.randomBytes(24).toString("base64url"),
            })
            .returning();
          const [{ n }] = await tx
            .select({ n: sql<number>`count(*)::int` })
            .from(ticketWaitlistEntries)
            .where(
              and(
                eq(ticketWaitlistEntries.eventId, eventId),
                inArray(ticketWaitlistEntries.status, OPEN),
                // Compared in the database: a JavaScript Date drops the microseconds.
                sql`${ticketWaitlistEntries.createdAt} <= (select e.created_at from ticket_waitlist_entries e where e.id = ${entry.id})`,
              ),
            );
          await queueWaitlistMessage(tx, settings, shown, entry, { kind: "joined", position: n });
          return { position: n };
        });
      } catch (error) {
        if (isUniqueViolation(error, PERSON_UNIQUE)) throw HttpError.conflict(ALREADY, { email: [ALREADY] });
        throw error;
      }
    },

    /** The e-mailed link: waiting or offered entries leave; held tickets go to the next in line. */
    async leave(token: string): Promise<void> {
      const [row] = await db.select().from(ticketWaitlistEntries).where(eq(ticketWaitlistEntries.token, token));
      const done = row && (await db.transaction((tx) => endEntry(tx, settings, row, "removed")));
      if (!done) throw HttpError.notFound("You are not on this waiting list");
    },

    async list(eventId: string): Promise<WaitlistEntryRow[]> {
      await event(eventId);
      return entries(eventId);
    },

    async csv(eventId: string): Promise<{ filename: string; content: string }> {
      const shown = await event(eventId);
      const rows = await entries(eventId);
      const content = toCsv(
        ["position", "email", "name", "quantity", "status", "joined", "offered until"],
        rows.map((row) => [
          row.position,
          row.email,
          row.name,
          row.quantity,
          row.status,
          new Date(row.createdAt).toISOString(),
          row.offerExpiresAt ? new Date(row.offerExpiresAt).toISOString() : null,
        ]),
      );
      return { filename: `waitlist-${shown.date}.csv`, content };
    },

    /** Administrators: this waiting entry gets the tickets left now, if there are enough. */
    async offerNow(id: string): Promise<WaitlistEntryRow> {
      const entry = await entryById(id);
      if (entry.status !== "waiting") throw HttpError.conflict("This entry is not waiting");
      const offers = await db.transaction((tx) => offerWaiting(tx, settings, entry.eventId, entry.id));
      if (offers.length === 0) throw HttpError.conflict("Not enough tickets are left to offer");
      const listed = (await entries(entry.eventId)).find((row) => row.id === id);
      return listed!;
    },

    async remove(id: string): Promise<void> {
      const entry = await entryById(id);
      await db.transaction((tx) => endEntry(tx, settings, entry, "removed"));
    },

    /**
     * The sweep job: offers that ran out go to the next in line, and events with tickets left
     * (an administrator added some) offer them; each on its own, retried at the next run.
     */
    async sweep(): Promise<void> {
      await eachOnItsOwn(logger, {
        what: "ending an expired waiting-list offer",
        due: (after, limit) =>
          db
            .select({ id: ticketWaitlistEntries.id, eventId: ticketWaitlistEntries.eventId })
            .from(ticketWaitlistEntries)
            .where(
              and(
                eq(ticketWaitlistEntries.status, "offered"),
                lte(ticketWaitlistEntries.offerExpiresAt, new Date()),
                after ? gt(ticketWaitlistEntries.id, after) : undefined,
              ),
            )
            .orderBy(asc(ticketWaitlistEntries.id))
            .limit(limit)
            .then((rows) => rows.map((row) => `${row.id}|${row.eventId}`)),
        work: async (key: string) => {
          const [id, eventId] = key.split("|");
          await db.transaction((tx) => endEntry(tx, settings, { id, eventId }, "expired", true));
        },
      });
      const ready = await db
        .selectDistinct({ eventId: ticketWaitlistEntries.eventId })
        .from(ticketWaitlistEntries)
        .innerJoin(events, eq(events.id, ticketWaitlistEntries.eventId))
        .where(and(eq(ticketWaitlistEntries.status, "waiting"), gt(events.availableTickets, 0)));
      for (const { eventId } of ready) {
        await db.transaction((tx) => offerWaiting(tx, settings, eventId));
      }
    },
  };
}

export type TicketWaitlistService = ReturnType<typeof createTicketWaitlistService>;
