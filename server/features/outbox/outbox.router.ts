import express from "express";
import { z } from "zod";
import { idParams } from "@shared/contract";
import { outboxContract, type OutboxQueueHealth } from "@shared/outbox";
import { outboxApi, outboxFiles } from "@shared/outbox.api";
import { requireAdmin } from "../../auth/guards";
import { contractRouter, underApi } from "../../lib/contract-router";
import { HttpError } from "../../lib/http-error";
import type { OutboxService } from "./outbox.service";

const attachmentParamsSchema = z.object({ id: z.string(), index: z.string() }).transform((params, ctx) => {
  const index = /^\d{1,3}$/.test(params.index) ? Number(params.index) : NaN;
  if (!idParams.safeParse(params).success || Number.isNaN(index)) {
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
  // Every path under it, known or not, is for administrators only.
  router.use(underApi(outboxApi.list.path), requireAdmin);

  router.get(underApi(outboxFiles.attachment.path), async (req, res) => {
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

  router.use(
    contractRouter(outboxContract, {
      list: async ({ query }) => ({ status: 200, body: await service.list(query) }),
      status: async () => ({
        status: 200,
        body: { ...(await deps.queueHealth()), smtpConfigured: deps.smtpConfigured },
      }),
      detail: async ({ params }) => ({ status: 200, body: await service.detail(params.id) }),
      resend: async ({ params }) => ({ status: 202, body: await service.resend(params.id) }),
    }),
  );

  return router;
}
