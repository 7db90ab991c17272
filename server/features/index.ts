import type { Express } from "express";
import type { AppContext } from "../context";
import { everyStep } from "../jobs/each-on-its-own";
import type { JobRunner } from "../jobs/job-runner";
import type { CacheNotifications } from "../lib/cache-notifications";
import { createReadCaches } from "../lib/read-caches";
import type { FastPath } from "../lib/fast-path";
import type { Metrics } from "./metrics/metrics.service";
import { createMetricsRouter } from "./metrics/metrics.router";
import { pageRoute } from "../lib/route-case";
import { createOutbox } from "./outbox/outbox";
import { createPayments } from "./payments/payments";
import { createStripeWebhookRouter } from "./payments/stripe-webhook.router";
import { createVendorBookingsFeature, VENDOR_BOOKING_METADATA_KEY } from "./vendor-bookings/vendor-bookings";
import { createVendorBookingsRouter } from "./vendor-bookings/vendor-bookings.router";
import { createHealthRouter } from "./health/health.router";
import { createMasterCodeRouter } from "./master-code/master-code.router";
import { createEventsRouter } from "./events/events.router";
import { createTicketsRouter } from "./tickets/tickets.router";
import { createTicketOrdersRouter } from "./tickets/ticket-orders.router";
import { createTicketPromoCodesRouter } from "./tickets/ticket-promo-codes.router";
import { createTicketWaitlistRouter } from "./tickets/ticket-waitlist.router";
import { createTicketServices, TICKET_PURCHASE_METADATA_KEY } from "./tickets/tickets";
import { createCheckInsRouter } from "./check-ins/check-ins.router";
import { signedTokens } from "../lib/signed-token";
import { PUBLIC_INVOICE_ROUTE } from "@shared/routes";
import { SHOW_PAGE_ROUTE } from "@shared/shows";
import { createInvoicesRouter } from "./invoices/invoices.router";
import { createInvoicesFeature } from "./invoices/invoices";
import { INVOICE_METADATA_KEY } from "./invoices/invoice-card-payments";
import { checkPublicInvoicePage, createPublicInvoicesRouter } from "./invoices/public-invoices.router";
import { createDocumentRenderer } from "../documents/document-renderer";
import { createLabelLogoReader } from "../documents/label-logo";
import { getObjectStorage } from "../integrations/object-storage";
import { createTourDatesRouter } from "./tour-dates/tour-dates.router";
import { createFeaturedArtistsRouter } from "./featured-artists/featured-artists.router";
import { createLiveStreamsRouter } from "./live-streams/live-streams.router";
import { createObjectsApiRouter, createObjectsRouter } from "./objects/objects.router";
import { objectsService } from "./objects/objects";
import { createLabelRouter } from "./label/label.router";
import { createDevelopmentResourcesRouter } from "./development-resources/development-resources.router";
import { createShowsFeature } from "./shows/shows";
import { createShopFeature } from "./shop/shop";
import { createApiDocsRouter } from "./api-docs/api-docs.router";
import { createVendorSlotsRepository } from "./vendor-bookings/vendor-slots.repository";
import { addAcceptedTrack } from "./royalties/catalogue/accepted-track";
import { createRoyaltiesFeature } from "./royalties/royalties";
import { createSubmissionsFeature } from "./submissions/submissions";
import { createStoreFeature } from "./store/store";
import { createCartDownloads } from "./store/cart-downloads";

import { API_CONTRACTS, API_FILES } from "./api-declarations";
export { API_CONTRACTS, API_FILES, FEATURE_ROUTE_SETS, PAGES_WITH_SESSION } from "./api-declarations";

export const CHECKOUT_HOLDS_QUEUE = "checkout-holds-release";
export const UPLOAD_CLEANUP_QUEUE = "uploads-cleanup";
/** Orders of cancelled events are cancelled in rounds, and owed refunds asked of Stripe. */
export const TICKET_CANCELLATIONS_QUEUE = "ticket-cancellations";
export const INVOICE_REMINDERS_QUEUE = "invoice-reminders";
/** The weekly e-mail to administrators about music submissions past their reply-by date. */
export const SUBMISSIONS_SUMMARY_QUEUE = "submissions-overdue-summary";
/** Invoice card payments the invoice no longer wants are cancelled at Stripe, and those it cannot take refunded. */
export const INVOICE_PAYMENTS_QUEUE = "invoice-payments";
/** Uploads nothing refers to are removed a day after they were issued; an hourly run is enough. */
const UPLOAD_CLEANUP_EVERY_MS = 60 * 60 * 1000;
/** Reminders are due on whole days around the due date; an hourly run sends each within the hour. */
const INVOICE_REMINDERS_EVERY_MS = 60 * 60 * 1000;

/** What the app hands every feature besides its context. */
export interface FeatureDependencies {
  cacheNotifications: CacheNotifications;
  /** Prometheus series; features count what no HTTP status shows (metrics.paymentFailed). */
  metrics: Metrics;
  /** Public read caches teach it their answers (lib/fast-path.ts). */
  fastPath?: FastPath;
}

export { createMetrics } from "./metrics/metrics.service";

/**
 * The services features share, built once per app: features talk only through what is handed
 * to them here (the outbox's `messages` to the checkouts, the payments' Stripe calls to the
 * checkouts and their webhook handlers back to payments, the outbox's delivery to tickets,
 * the document renderer to whatever makes PDFs),
 * and their background work is defined on the job runner, which runs it once started.
 */
export function createFeatureServices(
  ctx: AppContext,
  jobs: JobRunner,
  { cacheNotifications, metrics, fastPath }: FeatureDependencies,
) {
  const { logger, config } = ctx;
  const readCaches = createReadCaches({
    config,
    notifications: cacheNotifications,
    onLookup: metrics.cacheLookup,
    fastPath,
  });
  // Every PDF, whether a request or the outbox asks for it, is made by one pool of threads.
  const documents = createDocumentRenderer({
    ...config.documents,
    readLogo: createLabelLogoReader(getObjectStorage(ctx)),
  });
  // A ticket's QR code holds a signed reference to it; the door checks it with the same key, and
  // the outbox signs the codes of the e-mails it renders with it too (docs/decisions/014-paid-tickets.md,
  // 015-check-in.md, 030-one-code-per-ticket.md).
  const ticketTokens = signedTokens(config.sessionSecret ?? ctx.secrets.sessionSecret, "ticket");
  const outbox = createOutbox(ctx, jobs, { documents, ticketTokens });
  const payments = createPayments(ctx, { afterCommit: outbox.messages.deliverSoon, onFailure: metrics.paymentFailed });
  const vendorBookings = createVendorBookingsFeature(ctx, { payments: payments.checkout, messages: outbox.messages });
  // The shop: catalogue, checkout, orders, fulfilment and shipping (shop/shop.ts).
  const shop = createShopFeature(ctx, {
    payments: payments.checkout,
    messages: outbox.messages,
    readCaches,
    documents,
    downloads: createCartDownloads({ appUrl: ctx.config.appUrl, messages: outbox.messages }),
  });
  const tickets = createTicketServices(ctx, {
    messages: outbox.messages,
    payments: payments.checkout,
    tokens: ticketTokens,
    runSoon: () => jobs.runSoon(TICKET_CANCELLATIONS_QUEUE),
    documents,
  });
  // Each checkout settles the PaymentIntents that carry its metadata key when Stripe's webhook reports them.
  payments.onPaymentIntent(VENDOR_BOOKING_METADATA_KEY, vendorBookings.payments.settleFromWebhook);
  payments.onPaymentIntent(shop.metadataKey, shop.onPaymentIntent);
  payments.onPaymentIntent(TICKET_PURCHASE_METADATA_KEY, tickets.payments.settleFromWebhook);
  payments.onChargeRefunded(TICKET_PURCHASE_METADATA_KEY, tickets.cancellations.chargeRefunded);
  payments.onChargeRefunded(VENDOR_BOOKING_METADATA_KEY, vendorBookings.cancellations.chargeRefunded);
  payments.onChargeRefunded(shop.metadataKey, shop.onChargeRefunded);
  // Abandoned checkouts give their stock back on schedule, whether or not anyone checks out;
  // each kind runs whatever happens to the others.
  jobs.define({
    name: CHECKOUT_HOLDS_QUEUE,
    handler: ({ signal }) =>
      everyStep(
        logger,
        CHECKOUT_HOLDS_QUEUE,
        {
          "merchandise orders": shop.releaseExpiredHolds,
          "ticket holds": () => tickets.payments.releaseExpiredHolds(),
          "waiting-list offers": () => tickets.waitlist.sweep(),
          "vendor bookings": () => vendorBookings.payments.releaseExpiredHolds(),
        },
        signal,
      ),
    everyMs: config.jobs.sweepIntervalMs,
  });
  jobs.define({
    name: TICKET_CANCELLATIONS_QUEUE,
    handler: async () => {
      if (await tickets.cancellations.work()) jobs.runSoon(TICKET_CANCELLATIONS_QUEUE);
    },
    everyMs: config.jobs.sweepIntervalMs,
  });
  // Uploads never attached to anything stop being served (each run locks only its own rows).
  const objects = objectsService(ctx);
  jobs.define({
    name: UPLOAD_CLEANUP_QUEUE,
    handler: async () => {
      const removed = await objects.removeUnclaimedUploads();
      if (removed > 0) logger.info({ removed }, "removed uploads nothing refers to");
    },
    everyMs: UPLOAD_CLEANUP_EVERY_MS,
  });
  const invoices = createInvoicesFeature(ctx, {
    tokens: signedTokens(config.sessionSecret ?? ctx.secrets.sessionSecret, "invoice"),
    messages: outbox.messages,
    documents,
    payments: payments.checkout,
    runPaymentsSoon: () => jobs.runSoon(INVOICE_PAYMENTS_QUEUE),
  });
  // Invoices paid by card on their public page settle the same way (docs/decisions/016-invoice-lifecycle.md),
  // and a payment an invoice cannot take is refunded (docs/decisions/026-money-applied-or-returned.md).
  payments.onPaymentIntent(INVOICE_METADATA_KEY, invoices.cardPayments.settleFromWebhook);
  payments.onChargeRefunded(INVOICE_METADATA_KEY, invoices.cardPayments.chargeRefunded);
  jobs.define({
    name: INVOICE_PAYMENTS_QUEUE,
    handler: async () => {
      if (await invoices.paymentJobs.work()) jobs.runSoon(INVOICE_PAYMENTS_QUEUE);
    },
    everyMs: config.jobs.sweepIntervalMs,
  });
  jobs.define({
    name: INVOICE_REMINDERS_QUEUE,
    handler: async () => {
      const sent = await invoices.reminders.run(new Date());
      if (sent > 0) logger.info({ sent }, "invoice reminders queued");
    },
    everyMs: INVOICE_REMINDERS_EVERY_MS,
  });
  // Closing a period queues each payee's e-mail in its own transaction (docs/decisions/033-royalty-money-rules.md).
  const royalties = createRoyaltiesFeature(ctx, { documents, messages: outbox.messages });
  // Music submissions read their uploaded audio only through the objects feature's claim.
  const submissions = createSubmissionsFeature(ctx, {
    claimAudioUpload: objects.claimAudioUpload,
    messages: outbox.messages,
    // Accepting a track can add it to the royalty catalogue in the same step.
    addToCatalogue: (track) => addAcceptedTrack(ctx.db, track),
  });
  // Asked hourly; it sends once per week (docs/decisions/053-music-submissions.md).
  jobs.define({
    name: SUBMISSIONS_SUMMARY_QUEUE,
    handler: async () => {
      const overdue = await submissions.service.queueOverdueSummary();
      if (overdue > 0) logger.info({ overdue }, "overdue submissions summary queued");
    },
    everyMs: 60 * 60 * 1000,
  });
  // The music store transcodes masters on the job runner and e-mails download links through the
  // outbox; a release's cover refers to an upload only through the objects feature's claim.
  const store = createStoreFeature(ctx, {
    jobs,
    messages: outbox.messages,
    payments: payments.checkout,
    claimUpload: objects.claimUpload,
  });
  payments.onPaymentIntent(store.metadataKey, store.onPaymentIntent, store.preparePaymentIntent);
  payments.onChargeRefunded(store.metadataKey, store.onChargeRefunded);
  return {
    submissions,
    documents,
    outbox,
    royalties,
    store,
    payments,
    vendorBookings,
    shop,
    tickets,
    ticketTokens,
    objects,
    invoices,
    readCaches,
    metrics,
  };
}

export type FeatureServices = ReturnType<typeof createFeatureServices>;

/**
 * Each feature mounts its own router under /api (no catch-all routes file).
 * Routers that need the raw body (webhooks) go in mountRawBodyFeatures, before JSON parsing.
 */
export function mountRawBodyFeatures(app: Express, ctx: AppContext, services: FeatureServices) {
  app.use("/api", createStripeWebhookRouter(ctx, services.payments.webhook));
}

export function mountFeatures(app: Express, ctx: AppContext, services: FeatureServices) {
  const { outbox, vendorBookings, shop, tickets, ticketTokens, objects, invoices, readCaches, metrics } = services;
  app.use(createMetricsRouter(ctx.config, metrics));
  // Every member's dashboard reads the events list; a purchase changes what it shows.
  const eventsList = readCaches.membersList("events", ["events"]);
  app.use("/api", createHealthRouter(ctx, { queueHealth: outbox.queueHealth }));
  app.use("/api", createMasterCodeRouter(ctx));
  app.use("/api", createVendorBookingsRouter(vendorBookings));
  for (const router of shop.apiRouters) app.use("/api", router);
  for (const page of shop.pages) app.use(page);
  app.use("/api", createEventsRouter(ctx, eventsList));
  // A purchase queues its confirmation in the same statement; delivery starts once it committed.
  const onPurchase = () => {
    eventsList.invalidate();
    outbox.deliverSoon();
  };
  app.use("/api", createTicketsRouter(tickets, { onPurchase }));
  app.use("/api", createTicketOrdersRouter(tickets, { onStockChange: onPurchase }));
  app.use("/api", createTicketPromoCodesRouter(tickets.promoCodes));
  app.use("/api", createTicketWaitlistRouter(tickets.waitlist, { onStockChange: onPurchase }));
  app.use("/api", createCheckInsRouter(ctx, { ticketTokens }));
  app.use("/api", createInvoicesRouter(invoices));
  app.use("/api", createPublicInvoicesRouter(invoices));
  app.use(pageRoute(PUBLIC_INVOICE_ROUTE, checkPublicInvoicePage(invoices)));
  // A show's vendor slots are kept by the vendor-bookings feature; the tour dates' routes read them.
  app.use("/api", createTourDatesRouter(ctx, readCaches, vendorBookings.bookings));
  // A show's page shows its vendor slots, which the vendor-bookings feature keeps.
  const shows = createShowsFeature(ctx, {
    readCaches,
    vendorSlots: createVendorSlotsRepository(ctx.db, ctx.config.shows.vendorSlotsPerType).availability,
  });
  app.use("/api", shows.api);
  app.use(pageRoute(SHOW_PAGE_ROUTE, shows.page));
  app.use(shows.crawlers);
  app.use("/api", createFeaturedArtistsRouter(ctx, readCaches));
  app.use("/api", createLiveStreamsRouter(ctx, readCaches));
  app.use("/api", createObjectsApiRouter(ctx));
  app.use("/objects", createObjectsRouter(ctx));
  // A label logo refers to an upload only through the objects feature's claim.
  app.use("/api", createLabelRouter(ctx, { claimUpload: objects.claimUpload, readCaches }));
  app.use("/api", createDevelopmentResourcesRouter(ctx));
  for (const router of services.royalties.routers) app.use("/api", router);
  app.use("/api", services.submissions.router);
  for (const router of services.store.routers) app.use("/api", router);
  app.use("/api", createApiDocsRouter(API_CONTRACTS, API_FILES));
  app.use("/api", outbox.router);
}
