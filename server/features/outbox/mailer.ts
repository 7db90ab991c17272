import nodemailer from "nodemailer";
import type { StoredAttachment } from "@shared/outbox";

export interface OutgoingMail {
  id: string;
  resendCount: number;
  recipient: string;
  subject: string;
  html: string;
  text: string;
  attachments: StoredAttachment[];
}

export interface Mailer {
  send(mail: OutgoingMail): Promise<void>;
  close(): void;
}

/** An SMTP answer that will not change on a later try (5xx: no such mailbox, refused). */
export function isPermanentSmtpError(error: unknown): boolean {
  const code = (error as { responseCode?: number } | null)?.responseCode;
  return typeof code === "number" && code >= 500 && code < 600;
}

/**
 * SMTP through nodemailer, pooled. The timeouts bound one delivery well under the outbox's
 * "stuck in sending" limit, so a slow server is never mistaken for a dead worker.
 */
export function createSmtpMailer({ smtpUrl, from, appUrl }: { smtpUrl: string; from: string; appUrl: string }): Mailer {
  const transport = nodemailer.createTransport({
    url: smtpUrl,
    pool: true,
    maxConnections: 3,
    connectionTimeout: 15_000,
    greetingTimeout: 15_000,
    socketTimeout: 60_000,
  });
  const host = new URL(appUrl).hostname || "localhost";
  return {
    async send(mail) {
      await transport.sendMail({
        from,
        to: mail.recipient,
        subject: mail.subject,
        html: mail.html,
        text: mail.text,
        // Stable per message: a retry after a crash has the same id (mail clients drop the
        // duplicate); an admin's resend gets a new one so it is not dropped.
        messageId: `<${mail.id}.${mail.resendCount}@${host}>`,
        attachments: mail.attachments.map((a) => ({
          filename: a.filename,
          contentType: a.contentType,
          content: Buffer.from(a.content, "base64"),
          ...(a.cid ? { cid: a.cid } : {}),
        })),
      });
    },
    close() {
      transport.close();
    },
  };
}
