import type { Express } from "express";
import type { AppContext } from "../context";
import { createReadCache } from "../lib/read-cache";
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
import { startUploadCleanup, type BackgroundJob } from "./objects/upload-cleanup";
import { createLabelRouter } from "./label/label.router";
import { createDevelopmentResourcesRouter } from "./development-resources/development-resources.router";

/**
 * Each feature mounts its own router under /api (STYLE.md: no catch-all routes file).
 * Routers that need the raw body (webhooks) go in mountRawBodyFeatures, before JSON parsing.
 */
export function mountRawBodyFeatures(app: Express, ctx: AppContext) {
  app.use("/api", createStripeWebhookRouter(ctx));
}

export function mountFeatures(app: Express, ctx: AppContext) {
  // Every member's dashboard reads the events list; a purchase changes what it shows.
  const eventsList = createReadCache(ctx.config.readCacheTtlMs, { cacheControl: "private, no-cache" });
  app.use("/api", createHealthRouter(ctx));
  app.use("/api", createPaymentsRouter(ctx));
  app.use("/api", createEventsRouter(ctx, eventsList));
  app.use("/api", createTicketsRouter(ctx, { onPurchase: eventsList.invalidate }));
  app.use("/api", createInvoicesRouter(ctx));
  app.use("/api", createTourDatesRouter(ctx));
  app.use("/api", createMerchandiseRouter(ctx));
  app.use("/api", createFeaturedArtistsRouter(ctx));
  app.use("/api", createLiveStreamsRouter(ctx));
  app.use("/api", createObjectsApiRouter(ctx));
  app.use("/objects", createObjectsRouter(ctx));
  app.use("/api", createLabelRouter(ctx));
  app.use("/api", createDevelopmentResourcesRouter(ctx));
}

/**
 * Scheduled work of the features, run in each instance until the app closes (each job is safe
 * with several instances running it at once).
 */
export function startFeatureJobs(ctx: AppContext): BackgroundJob {
  const jobs = [startUploadCleanup(ctx)];
  return {
    async stop() {
      await Promise.all(jobs.map((job) => job.stop()));
    },
  };
}
