import { z } from "zod";

/** The waiting list's e-mail: joined (its position), or offered tickets held until a time. */
export const ticketWaitlistMessageSchema = z.object({
  kind: z.enum(["joined", "offer"]),
  eventName: z.string(),
  artist: z.string(),
  date: z.string(),
  time: z.string(),
  venue: z.string(),
  quantity: z.number().int().positive(),
  position: z.number().int().positive().optional(),
  /** ISO instant the offer ends. */
  offerExpiresAt: z.string().optional(),
  removeLink: z.string(),
  buyLink: z.string().optional(),
});
