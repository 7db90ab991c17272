import nodemailer from "nodemailer";
import type Mail from "nodemailer/lib/mailer";
import type { StoredAttachment } from "@shared/outbox";

export interface OutgoingMail {
  id: string;
  resendCount: number;
  recipient: string;
  /** A display name in front of MAIL_FROM's address ("Owner Co via Label Records"), or null for MAIL_FROM as set. */
  senderName?: string | null;
  replyTo?: string | null;
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

/** The address part of MAIL_FROM ("Label Records <tickets@label.example>" → "tickets@label.example"). */
export function mailFromAddress(from: string): string {
  return (/<\s*([^<>\s]+)\s*>/.exec(from)?.[1] ?? from).trim();
}

/**
 * The company part of a display name, as a member typed it: no quotes, control characters,
 * angle brackets or address-like text (nothing that could pass for another sender's address),
 * spaces collapsed, at most 60 characters. Empty when nothing is left.
 */
export function companyForDisplay(company: string | null | undefined): string {
  return (
    (company ?? "")
      // eslint-disable-next-line no-control-regex -- control characters are what this removes
      .replace(/[\u0000-\u001f\u007f-\u009f\u200b-\u200f\u202a-\u202e\u2066-\u2069]+/g, " ")
      .replace(/<[^>]*>?/g, " ")
      .replace(/\S*@\S*/g, " ")
      .replace(/\b(?:https?:\/\/|www\.)\S*/gi, " ")
      .replace(/["'`\u2018-\u201f\u00ab\u00bb<>@]+/g, "")
      .replace(/\s+/g, " ")
      .trim()
      .slice(0, 60)
      .trim()
  );
}

/**
 * The display name of mail sent for a member: always the label's name, with the member's company
 * before it ("Owner Co via Label Records"), never the member's text alone, so a member cannot
 * make the platform's mail read as from a bank or a payment service
 * (docs/decisions/041-mail-that-cannot-be-abused.md).
 */
export function onBehalfDisplayName(company: string | null | undefined, labelName: string): string {
  const part = companyForDisplay(company);
  return part ? `${part} via ${labelName}` : labelName;
}

/**
 * The From header: MAIL_FROM, or its address under another display name. Mail always leaves
 * from the platform's own address (the one its SMTP provider lets it use, with its SPF and
 * DKIM); only the name changes. nodemailer quotes and encodes the name, and line breaks never
 * reach it, so a name cannot add a header.
 */
export function fromHeader(from: string, senderName: string | null | undefined): string | Mail.Address {
  const name = senderName
    // eslint-disable-next-line no-control-regex -- control characters are what this removes
    ?.replace(/[\u0000-\u001f\u007f]+/g, " ")
    .trim()
    .slice(0, 140);
  return name ? { name, address: mailFromAddress(from) } : from;
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
        from: fromHeader(from, mail.senderName),
        ...(mail.replyTo ? { replyTo: mail.replyTo } : {}),
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
