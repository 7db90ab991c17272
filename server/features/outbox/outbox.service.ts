import type {
  OutboxListQuery,
  OutboxMessage,
  OutboxMessageDetail,
  OutboxMessageSummary,
  StoredAttachment,
} from "@shared/outbox";
import { HttpError } from "../../lib/http-error";
import type { OutboxRepository } from "./outbox.repository";

type SummaryRow = Awaited<ReturnType<OutboxRepository["list"]>>[number];

function toSummary(row: SummaryRow | OutboxMessage): OutboxMessageSummary {
  return {
    id: row.id,
    template: row.template,
    recipient: row.recipient,
    subject: row.subject,
    status: row.status,
    attempts: row.attempts,
    lastError: row.lastError,
    aboutType: row.aboutType,
    aboutId: row.aboutId,
    resendCount: row.resendCount,
    createdAt: row.createdAt.toISOString(),
    sentAt: row.sentAt?.toISOString() ?? null,
    nextAttemptAt: row.nextAttemptAt.toISOString(),
  };
}

const PREVIEWABLE_IMAGE = /^image\/(png|jpeg|gif|webp)$/;

/**
 * The HTML as the admin preview shows it: inline images (cid:…) become data: URLs, since the
 * preview frame is sandboxed and a mail client's cid: scheme means nothing to a browser.
 */
export function inlineImagesForPreview(html: string, attachments: StoredAttachment[]): string {
  const byCid = new Map(
    attachments.filter((a) => a.cid && PREVIEWABLE_IMAGE.test(a.contentType)).map((a) => [a.cid!, a]),
  );
  return html.replace(/(["'(])cid:([^"')\s]+)/g, (whole, quote: string, cid: string) => {
    const attachment = byCid.get(cid);
    return attachment ? `${quote}data:${attachment.contentType};base64,${attachment.content}` : whole;
  });
}

/** The admin outbox: every message, one opened, an attachment, a resend. */
export function createOutboxService(deps: { repository: OutboxRepository; deliverSoon: () => void }) {
  const { repository } = deps;

  async function find(id: string): Promise<OutboxMessage> {
    const row = await repository.findById(id);
    if (!row) throw HttpError.notFound("Message not found");
    return row;
  }

  return {
    async list({ status, q }: OutboxListQuery): Promise<OutboxMessageSummary[]> {
      return (await repository.list({ status, search: q })).map(toSummary);
    },

    async detail(id: string): Promise<OutboxMessageDetail> {
      const row = await find(id);
      const attachments = row.attachments ?? [];
      return {
        ...toSummary(row),
        html: row.html === null ? null : inlineImagesForPreview(row.html, attachments),
        text: row.text,
        attachments: attachments.map((a, index) => ({
          index,
          filename: a.filename,
          contentType: a.contentType,
          size: Buffer.byteLength(a.content, "base64"),
          inline: Boolean(a.cid),
        })),
      };
    },

    async attachment(id: string, index: number): Promise<{ filename: string; contentType: string; content: Buffer }> {
      const attachment = (await find(id)).attachments?.[index];
      if (!attachment) throw HttpError.notFound("Attachment not found");
      return {
        filename: attachment.filename,
        contentType: attachment.contentType,
        content: Buffer.from(attachment.content, "base64"),
      };
    },

    /** A sent or failed message goes out again, exactly as rendered the first time. */
    async resend(id: string): Promise<OutboxMessageSummary> {
      const row = await repository.requeueForResend(id);
      if (!row) {
        const existing = await find(id);
        const state = existing.status === "queued" ? "waiting to be sent" : "being sent";
        throw HttpError.conflict(`This message is ${state}; only a sent or failed message can be resent`);
      }
      deps.deliverSoon();
      return toSummary(row);
    },
  };
}

export type OutboxService = ReturnType<typeof createOutboxService>;
