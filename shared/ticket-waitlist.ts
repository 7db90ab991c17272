import { z } from "zod";
import { MAX_PER_ORDER_LIMIT } from "./constants";
import { apiErrorSchema, defineContract, idParams, instant, NO_CONTENT } from "./contract";
import { ticketWaitlistApi } from "./ticket-waitlist.api";
import { email } from "./validation";

export const WAITLIST_STATUSES = ["waiting", "offered", "bought", "expired", "removed"] as const;
export type WaitlistStatus = (typeof WAITLIST_STATUSES)[number];

const QUANTITY_MESSAGE = `Enter a whole number of tickets from 1 to ${MAX_PER_ORDER_LIMIT}`;

export const joinWaitlistSchema = z.object({
  email,
  name: z.string().trim().max(200).optional(),
  quantity: z.int({ error: QUANTITY_MESSAGE }).min(1, QUANTITY_MESSAGE).max(MAX_PER_ORDER_LIMIT, QUANTITY_MESSAGE),
});
export type JoinWaitlist = z.output<typeof joinWaitlistSchema>;

/** "ana+shows@Example.com" and "ANA@example.com" are one person: lower case, without the +tag. */
export function waitlistEmailKey(address: string): string {
  const lower = address.trim().toLowerCase();
  const at = lower.lastIndexOf("@");
  if (at < 0) return lower;
  const local = lower.slice(0, at).split("+")[0];
  return `${local}${lower.slice(at)}`;
}

export const tokenParams = z.object({ token: z.string().min(16).max(128) });

export const waitlistEntrySchema = z
  .object({
    id: z.string(),
    email: z.string(),
    name: z.string().nullable(),
    quantity: z.int(),
    status: z.enum(WAITLIST_STATUSES),
    /** 1 for the oldest entry still waiting or offered; null once bought, expired or removed. */
    position: z.int().nullable(),
    offeredAt: instant.nullable(),
    offerExpiresAt: instant.nullable(),
    createdAt: instant,
  })
  .meta({ id: "WaitlistEntry" });
export type WaitlistEntry = z.output<typeof waitlistEntrySchema>;
export type WaitlistEntryRow = z.input<typeof waitlistEntrySchema>;

/** docs/product.md, "Waiting list", and docs/decisions/052-ticket-promo-codes-and-waiting-list.md. */
export const ticketWaitlistContract = defineContract("ticketWaitlist", ticketWaitlistApi, {
  join: {
    summary: "Joins a sold-out event's waiting list",
    description: "409 when the event is not sold out, or this address (ignoring case and a +tag) is already waiting.",
    params: idParams,
    body: joinWaitlistSchema,
    responses: {
      201: z.object({ position: z.int() }).meta({ id: "WaitlistPosition" }),
      400: apiErrorSchema,
      404: apiErrorSchema,
      409: apiErrorSchema,
    },
  },
  leave: {
    summary: "Leaves the waiting list by the e-mailed token; held tickets go to the next in line",
    params: tokenParams,
    responses: { 204: NO_CONTENT, 404: apiErrorSchema },
  },
  list: {
    summary: "An event's waiting list, oldest first",
    params: idParams,
    responses: { 200: z.array(waitlistEntrySchema), 404: apiErrorSchema },
  },
  offer: {
    summary: "Offers the tickets left to this entry now",
    description: "409 when the entry is not waiting or not enough tickets are left.",
    params: idParams,
    responses: { 200: waitlistEntrySchema, 404: apiErrorSchema, 409: apiErrorSchema },
  },
  remove: {
    summary: "Removes an entry; its held tickets go to the next in line",
    params: idParams,
    responses: { 204: NO_CONTENT, 404: apiErrorSchema },
  },
});
