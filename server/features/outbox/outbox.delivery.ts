import { DEFAULT_LABEL_NAME } from "@shared/constants";
import type { OutboxMessage } from "@shared/outbox";
import type { Logger } from "../../lib/logger";
import { isPermanentSmtpError, onBehalfDisplayName, type Mailer } from "./mailer";
import type { ClaimedMessage, OutboxRepository } from "./outbox.repository";
import type { Branding } from "./templates/layout";
import type { AttachmentTools } from "./templates/message-template";
import type { RenderedMessage } from "./templates/render";

/** Messages one worker takes at a time, and rounds per job before it hands over to a new job. */
const BATCH_SIZE = 20;
const ROUNDS_PER_JOB = 25;
/** Far above the SMTP timeouts (mailer.ts): a row `sending` this long belongs to a dead worker. */
export const SENDING_TIMEOUT_MS = 5 * 60_000;
const MAX_RETRY_WAIT_MS = 60 * 60_000;

export interface DeliverySettings {
  appUrl: string;
  retryDelayMs: number;
  maxAttempts: number;
}

/** Wait before attempt n+1 after n failed attempts: the first delay, doubling, at most an hour. */
export function retryDelay(failedAttempts: number, firstDelayMs: number): number {
  return Math.min(firstDelayMs * 2 ** Math.max(0, failedAttempts - 1), MAX_RETRY_WAIT_MS);
}

function errorText(error: unknown): string {
  const text = error instanceof Error ? error.message : String(error);
  return text.slice(0, 1000);
}

/**
 * The workers' side of the outbox: render each message once, then send it, with retries.
 * `mailer` is null while SMTP is not configured: messages are rendered (so the admin outbox
 * shows them) and stay queued until SMTP is set up.
 */
export function createOutboxDelivery(deps: {
  repository: OutboxRepository;
  mailer: () => Mailer | null;
  logger: Logger;
  settings: DeliverySettings;
  /** Asks for another dispatch job when one job's rounds did not empty the queue. */
  runAgain: () => void;
  /** Makes the PDFs messages carry (the app's pool of document threads) and signs tickets' QR codes. */
  tools: AttachmentTools;
}) {
  const { repository, logger, settings } = deps;
  // Loaded on first use: the templates pull in React Email, which most test files never need.
  const loadRenderer = () => import("./templates/render");

  async function branding(): Promise<Branding> {
    const found = await repository.findBranding();
    const logo = found?.labelLogoUrl ?? null;
    return {
      labelName: found?.labelName?.trim() || DEFAULT_LABEL_NAME,
      logoUrl: logo ? (logo.startsWith("/") ? `${settings.appUrl}${logo}` : logo) : null,
    };
  }

  /** The stored rendering, or a new one stored now; null when the message can never be rendered. */
  async function rendered(row: OutboxMessage, label: () => Promise<Branding>): Promise<RenderedMessage | null> {
    if (row.html !== null && row.subject !== null && row.text !== null) {
      return { subject: row.subject, html: row.html, text: row.text, attachments: row.attachments ?? [] };
    }
    const { renderMessage, RenderError } = await loadRenderer();
    try {
      const result = await renderMessage(row.template, row.params, await label(), deps.tools);
      await repository.storeRendering(row.id, result);
      return result;
    } catch (error) {
      if (!(error instanceof RenderError)) throw error;
      logger.error({ messageId: row.id, err: error.message }, "outbox: message cannot be rendered");
      await repository.markUnrenderable(row.id, `Could not render: ${error.message}`);
      return null;
    }
  }

  async function deliver(row: ClaimedMessage, label: () => Promise<Branding>, mailer: Mailer) {
    let content: RenderedMessage | null;
    try {
      content = await rendered(row, label);
    } catch (error) {
      await repository.markAttemptFailed(row.id, errorText(error), retryDelay(row.attempts, settings.retryDelayMs));
      return;
    }
    if (!content) return;
    try {
      await mailer.send({
        id: row.id,
        resendCount: row.resendCount,
        recipient: row.recipient,
        senderName: row.senderName ? onBehalfDisplayName(row.senderName, (await label()).labelName) : null,
        replyTo: row.replyTo,
        ...content,
      });
    } catch (error) {
      const final = isPermanentSmtpError(error) || row.attempts >= settings.maxAttempts;
      logger.warn(
        { messageId: row.id, attempt: row.attempts, final, err: errorText(error) },
        "outbox: delivery failed",
      );
      await repository.markAttemptFailed(
        row.id,
        errorText(error),
        final ? null : retryDelay(row.attempts, settings.retryDelayMs),
      );
      return;
    }
    await repository.markSent(row.id);
  }

  /** One cached branding read per job, and only if something needs rendering. */
  function brandingOnce() {
    let cached: Promise<Branding> | undefined;
    return () => (cached ??= branding());
  }

  /** Sends every due message (or, without SMTP, renders the new ones). */
  async function dispatch(): Promise<void> {
    const label = brandingOnce();
    const mailer = deps.mailer();
    if (!mailer) {
      for (const row of await repository.findUnrendered(BATCH_SIZE * ROUNDS_PER_JOB)) await rendered(row, label);
      return;
    }
    for (let round = 0; round < ROUNDS_PER_JOB; round++) {
      const claimed = await repository.claimDue(BATCH_SIZE);
      if (claimed.length === 0) return;
      await Promise.all(claimed.map((row) => deliver(row, label, mailer)));
    }
    deps.runAgain();
  }

  return {
    dispatch,

    /** The scheduled safety net: rows a dead worker left in `sending`, then everything due. */
    async sweep(): Promise<void> {
      const requeued = await repository.requeueStuck(SENDING_TIMEOUT_MS);
      if (requeued > 0) logger.warn({ requeued }, "outbox: re-queued messages left in sending by a stopped worker");
      await dispatch();
    },
  };
}

export type OutboxDelivery = ReturnType<typeof createOutboxDelivery>;
