import { z } from "zod";
import { apiErrorSchema, defineContract, idParams, instant } from "./contract";
import { outboxApi } from "./outbox.api";
import type { outboxMessages } from "./outbox.table";
import { OUTBOX_STATUSES } from "./outbox.values";
export * from "./outbox.values";
export * from "./outbox-templates";
export * from "./outbox-template-labels";
export * from "./outbox-messages";

export type OutboxMessage = typeof outboxMessages.$inferSelect;

// ---- Admin API: /api/outbox -----------------------------------------------------------------

/** The longest search the outbox takes. */
export const OUTBOX_SEARCH_MAX = 100;

/**
 * GET /api/outbox?status=failed&q=rosa: `q` finds messages whose recipient or subject holds it,
 * in any case (an order code, part of an address); blank means no search.
 */
export const outboxListQuerySchema = z.object({
  status: z.enum(OUTBOX_STATUSES, { message: "Unknown status" }).optional(),
  q: z
    .string()
    .trim()
    .max(OUTBOX_SEARCH_MAX, `Search for at most ${OUTBOX_SEARCH_MAX} characters`)
    .transform((value) => value || undefined)
    .optional(),
});
export type OutboxListQuery = z.infer<typeof outboxListQuerySchema>;

/** The list shows the newest messages first, this many at most. */
export const OUTBOX_LIST_LIMIT = 200;

/** A message in the admin's list, and the answer of a resend. */
export const outboxMessageSummarySchema = z
  .object({
    id: z.string(),
    template: z.string(),
    recipient: z.string(),
    /** Null until the message has been rendered. */
    subject: z.string().nullable(),
    status: z.enum(OUTBOX_STATUSES),
    attempts: z.int(),
    lastError: z.string().nullable(),
    aboutType: z.string(),
    aboutId: z.string(),
    resendCount: z.int(),
    createdAt: instant,
    sentAt: instant.nullable(),
    nextAttemptAt: instant,
  })
  .meta({ id: "OutboxMessageSummary" });
export type OutboxMessageSummary = z.output<typeof outboxMessageSummarySchema>;

export const outboxAttachmentInfoSchema = z
  .object({
    index: z.int(),
    filename: z.string(),
    contentType: z.string(),
    size: z.int(),
    /** Shown inside the message (an inline image) rather than as a separate file. */
    inline: z.boolean(),
  })
  .meta({ id: "OutboxAttachmentInfo" });
export type OutboxAttachmentInfo = z.output<typeof outboxAttachmentInfoSchema>;

/** One message opened: the HTML has its inline images as data: URLs, for a sandboxed preview. */
export const outboxMessageDetailSchema = outboxMessageSummarySchema
  .extend({
    html: z.string().nullable(),
    text: z.string().nullable(),
    attachments: z.array(outboxAttachmentInfoSchema),
  })
  .meta({ id: "OutboxMessageDetail" });
export type OutboxMessageDetail = z.output<typeof outboxMessageDetailSchema>;

/** Queue figures, also part of GET /api/health. */
export const outboxQueueHealthSchema = z
  .object({
    queued: z.int(),
    failed: z.int(),
    /** Age of the oldest queued message in whole seconds; null when none is queued. */
    oldestQueuedSeconds: z.int().nullable(),
  })
  .meta({ id: "OutboxQueueHealth" });
export type OutboxQueueHealth = z.output<typeof outboxQueueHealthSchema>;

/** The queue's figures and whether SMTP is configured (the admin outbox's header). */
export const outboxStatusSchema = outboxQueueHealthSchema
  .extend({ smtpConfigured: z.boolean() })
  .meta({ id: "OutboxStatus" });
export type OutboxStatusResponse = z.output<typeof outboxStatusSchema>;

const NOT_FOUND = { 404: apiErrorSchema };

/** The admin outbox (docs/decisions/009-outbox-and-jobs.md). */
export const outboxContract = defineContract("outbox", outboxApi, {
  list: {
    summary: `The newest messages first (at most ${OUTBOX_LIST_LIMIT}), of one status and/or holding q in the recipient or subject`,
    query: outboxListQuerySchema,
    responses: { 200: z.array(outboxMessageSummarySchema) },
  },
  status: {
    summary: "The queue's figures and whether SMTP is configured",
    responses: { 200: outboxStatusSchema },
  },
  detail: {
    summary: "One message as rendered, inline images included as data: URLs",
    params: idParams,
    responses: { 200: outboxMessageDetailSchema, ...NOT_FOUND },
  },
  resend: {
    summary: "Sends a sent or failed message again, unchanged; 409 for a message still queued or sending",
    params: idParams,
    responses: { 202: outboxMessageSummarySchema, ...NOT_FOUND, 409: apiErrorSchema },
  },
});
