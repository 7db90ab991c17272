import express from "express";
import { z } from "zod";
import {
  outboxListQuerySchema,
  type OutboxListQuery,
  type OutboxMessageDetail,
  type OutboxMessageSummary,
  type OutboxQueueHealth,
  type OutboxStatusResponse,
} from "@shared/outbox";
import { requireAdmin } from "../../auth/guards";
import { idParamsSchema, validate, validateId } from "../../lib/validate";
import { HttpError } from "../../lib/http-error";
import type { OutboxService } from "./outbox.service";

const attachmentParamsSchema = z.object({ id: z.string(), index: z.string() }).transform((params, ctx) => {
  const index = /^\d{1,3}$/.test(params.index) ? Number(params.index) : NaN;
  if (!idParamsSchema.safeParse(params).success || Number.isNaN(index)) {
    ctx.addIssue({ code: "custom", message: "Not found" });
    return z.NEVER;
  }
  return { id: params.id, index };
});

/** The admin outbox (/admin/outbox): administrators only, members 403, signed out 401. */
export function createOutboxRouter(deps: {
  service: OutboxService;
  queueHealth: () => Promise<OutboxQueueHealth>;
  smtpConfigured: boolean;
}) {
  const { service } = deps;
  const router = express.Router({ caseSensitive: true });
  router.use("/outbox", requireAdmin);

  router.get("/outbox", validate({ query: outboxListQuerySchema }), async (_req, res) => {
    res.json((await service.list(res.locals.query as OutboxListQuery)) satisfies OutboxMessageSummary[]);
  });

  router.get("/outbox/status", async (_req, res) => {
    res.json({ ...(await deps.queueHealth()), smtpConfigured: deps.smtpConfigured } satisfies OutboxStatusResponse);
  });

  router.get("/outbox/:id", validateId(), async (req, res) => {
    res.json((await service.detail(req.params.id as string)) satisfies OutboxMessageDetail);
  });

  router.get("/outbox/:id/attachments/:index", async (req, res) => {
    const params = attachmentParamsSchema.safeParse(req.params);
    if (!params.success) throw HttpError.notFound();
    const file = await service.attachment(params.data.id, params.data.index);
    // Always a download, never rendered in the app's origin, whatever the stored type says.
    res.attachment(file.filename);
    res.set({
      "Content-Type": file.contentType,
      "X-Content-Type-Options": "nosniff",
      "Content-Security-Policy": "sandbox",
    });
    res.send(file.content);
  });

  router.post("/outbox/:id/resend", validateId(), async (req, res) => {
    res.status(202).json((await service.resend(req.params.id as string)) satisfies OutboxMessageSummary);
  });

  return router;
}
