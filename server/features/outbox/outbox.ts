import type { NewAdminMessage, NewOutboxMessage } from "@shared/outbox";
import type { AppContext } from "../../context";
import type { DocumentRenderer } from "../../documents/document-renderer";
import type { JobRunner } from "../../jobs/job-runner";
import type { SignedTokens } from "../../lib/signed-token";
import { createSmtpMailer, type Mailer } from "./mailer";
import { createOutboxDelivery } from "./outbox.delivery";
import { createOutboxRepository, type Executor } from "./outbox.repository";
import { createOutboxRouter } from "./outbox.router";
import { createOutboxService } from "./outbox.service";

export const OUTBOX_QUEUES = { dispatch: "outbox-dispatch", sweep: "outbox-sweep" } as const;

/**
 * The outbox feature, wired: the admin router, the delivery workers (on the job runner), and
 * `messages`, which features/index.ts hands to the features that queue e-mail.
 */
export function createOutbox(
  { config, db, logger }: AppContext,
  jobs: JobRunner,
  { documents, ticketTokens }: { documents: DocumentRenderer; ticketTokens: SignedTokens },
) {
  const repository = createOutboxRepository(db);
  const { smtpUrl, from } = config.mail;
  let mailer: Mailer | null = null;
  const getMailer = () =>
    smtpUrl && from ? (mailer ??= createSmtpMailer({ smtpUrl, from, appUrl: config.appUrl })) : null;
  jobs.onStop(() => {
    mailer?.close();
    mailer = null;
  });

  const deliverSoon = () => jobs.runSoon(OUTBOX_QUEUES.dispatch);
  const delivery = createOutboxDelivery({
    repository,
    mailer: getMailer,
    logger,
    settings: { appUrl: config.appUrl, retryDelayMs: config.mail.retryDelayMs, maxAttempts: config.mail.maxAttempts },
    runAgain: deliverSoon,
    tools: { documents, ticketTokens },
  });
  jobs.define({ name: OUTBOX_QUEUES.dispatch, handler: delivery.dispatch });
  jobs.define({ name: OUTBOX_QUEUES.sweep, handler: delivery.sweep, everyMs: config.jobs.sweepIntervalMs });

  const queueHealth = () => repository.queueHealth();
  const service = createOutboxService({ repository, deliverSoon });

  return {
    router: createOutboxRouter({ service, queueHealth, smtpConfigured: Boolean(smtpUrl) }),
    queueHealth,
    deliverSoon,
    /** For other features: queue messages inside the transaction of the change they report. */
    messages: {
      queue: (tx: Executor, messages: NewOutboxMessage[]) => repository.insert(messages, tx),
      queueToAdmins: (tx: Executor, message: NewAdminMessage) =>
        repository.insertForAdmins(message, config.adminEmails, tx),
      deliverSoon,
    },
  };
}

export type Outbox = ReturnType<typeof createOutbox>;
