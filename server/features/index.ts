import type { Express } from "express";
import type { AppContext } from "../context";
import type { JobRunner } from "../jobs/job-runner";
import { createReadCache } from "../lib/read-cache";
import { createOutbox } from "./outbox/outbox";
import { createPaymentServices } from "./payments/payments";
import { createHealthRouter } from "./health/health.router";
import { createPaymentsRouter } from "./payments/payments.router";
import { createStripeWebhookRouter } from "./payments/stripe-webhook.router";
import { createEventsRouter } from "./events/events.router";
import { createTicketsRouter } from "./tickets/tickets.router";
import { createInvoicesRouter } from "./invoices/invoices.router";
import { createTourDatesRouter } from "./tour-dates/tour-dates.router";
import { createMerchandiseRouter } from "./merchandise/merchandise.router";
import { createFeaturedArtistsRouter } from "./featured-artists/featured-artists.router";
import { createLiveStreamsRouter } from "./live-streams/live-streams.router";
import { createObjectsApiRouter, createObjectsRouter } from "./objects/objects.router";
import { objectsService } from "./objects/objects";
import { createLabelRouter } from "./label/label.router";
import { createDevelopmentResourcesRouter } from "./development-resources/development-resources.router";

export const CHECKOUT_HOLDS_QUEUE = "checkout-holds-release";
export const UPLOAD_CLEANUP_QUEUE = "uploads-cleanup";
/** Uploads nothing refers to are removed a day after they were issued; an hourly run is enough. */
const UPLOAD_CLEANUP_EVERY_MS = 60 * 60 * 1000;

/**
 * The services features share, built once per app: features talk only through what is handed
 * to them here (the outbox's `messages` to payments, the outbox's delivery to tickets), and
 * their background work is defined on the job runner, which runs it once started.
 */
export function createFeatureServices(ctx: AppContext, jobs: JobRunner) {
  const outbox = createOutbox(ctx, jobs);
  const payments = createPaymentServices(ctx, { messages: outbox.messages });
  // Abandoned checkouts give their stock back on schedule, whether or not anyone checks out.
  jobs.define({ name: CHECKOUT_HOLDS_QUEUE, handler: () => payments.merchandiseOrders.releaseAbandoned(), everyMs: ctx.config.jobs.sweepIntervalMs });
  // Uploads never attached to anything stop being served (each run locks only its own rows).
  const objects = objectsService(ctx);
  jobs.define({
    name: UPLOAD_CLEANUP_QUEUE,
    handler: async () => {
      const removed = await objects.removeUnclaimedUploads();
      if (removed > 0) ctx.logger.info({ removed }, "removed uploads nothing refers to");
    },
    everyMs: UPLOAD_CLEANUP_EVERY_MS,
  });
  return { outbox, payments };
}

export type FeatureServices = ReturnType<typeof createFeatureServices>;

/**
 * Each feature mounts its own router under /api (STYLE.md: no catch-all routes file).
 * Routers that need the raw body (webhooks) go in mountRawBodyFeatures, before JSON parsing.
 */
export function mountRawBodyFeatures(app: Express, ctx: AppContext, services: FeatureServices) {
  app.use("/api", createStripeWebhookRouter(ctx, services.payments));
}

export function mountFeatures(app: Express, ctx: AppContext, { outbox, payments }: FeatureServices) {
  // Every member's dashboard reads the events list; a purchase changes what it shows.
  const eventsList = createReadCache(ctx.config.readCacheTtlMs, { cacheControl: "private, no-cache" });
  app.use("/api", createHealthRouter(ctx, { queueHealth: outbox.queueHealth }));
  app.use("/api", createPaymentsRouter(payments));
  app.use("/api", createEventsRouter(ctx, eventsList));
  // A purchase queues its confirmation in the same statement; delivery starts once it committed.
  const onPurchase = () => {
    eventsList.invalidate();
    outbox.deliverSoon();
  };
  app.use("/api", createTicketsRouter(ctx, { onPurchase }));
  app.use("/api", createInvoicesRouter(ctx));
  app.use("/api", createTourDatesRouter(ctx));
  app.use("/api", createMerchandiseRouter(ctx));
  app.use("/api", createFeaturedArtistsRouter(ctx));
  app.use("/api", createLiveStreamsRouter(ctx));
  app.use("/api", createObjectsApiRouter(ctx));
  app.use("/objects", createObjectsRouter(ctx));
  app.use("/api", createLabelRouter(ctx));
  app.use("/api", createDevelopmentResourcesRouter(ctx));
  app.use("/api", outbox.router);
}
