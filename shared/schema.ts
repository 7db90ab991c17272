// Every table, for drizzle-kit (drizzle.config.ts) and the server's drizzle instance.
// Relative imports only: drizzle-kit loads these files without the app's path aliases.
export { users, sessions } from "./users.table";
export { submissions } from "./submissions.table";
export { submissionReplies } from "./submissions.table";
export { bookings } from "./bookings.table";
export { sessionMusicians } from "./session-musicians.table";
export { products } from "./products.table";
export { advertisements } from "./advertisements.table";
export { tourDates } from "./tour-dates.table";
export { vendorBookings } from "./vendor-bookings.table";
export { tourDateVendorSlots } from "./vendor-slots.table";
export { events } from "./events.table";
export { issuedTickets, ticketPurchases } from "./tickets.table";
export { ticketPromoCodes } from "./ticket-promo-codes.table";
export { ticketWaitlistEntries } from "./ticket-waitlist.table";
export { invoices, invoiceLineItems } from "./invoices.table";
export { invoiceEvents } from "./invoice-events.table";
export { invoicePaymentIntents } from "./invoice-payments.table";
export { featuredArtists } from "./featured-artists.table";
export { liveStreams } from "./live-streams.table";
export {
  merchandise,
  merchandiseVariants,
  merchandiseStockRequests,
  shippingZones,
  merchandiseShippingRates,
} from "./merchandise.table";
export { developmentResources } from "./development-resources.table";
// Not a product entity: storage of the built-in sign-in provider
// (docs/decisions/002-built-in-sign-in.md).
export { oidcPayloads } from "./oidc.table";
// Merchandise checkout, webhook idempotency, issued upload keys and rate-limit counters.
export {
  merchandiseOrders,
  merchandiseOrderNumbers,
  merchandiseOrderLines,
  merchandiseFulfilments,
  merchandiseFulfilmentLines,
  merchandiseReturns,
  merchandiseReturnLines,
  merchandiseCarts,
  merchandiseOrderRefunds,
} from "./merchandise-orders.table";
export { stripeEvents } from "./stripe-events.table";
export { objectUploads } from "./object-uploads.table";
export { rateLimits } from "./rate-limits.table";
// Every e-mail, queued in the same transaction as the change it reports (shared/outbox.ts).
export { outboxMessages } from "./outbox.table";
// The door's scan log (docs/decisions/015-check-in.md).
export { ticketScans } from "./check-ins.table";
// Royalties: the catalogue, payees, splits, advances, report lines, periods and statements
// (docs/decisions/033-royalty-money-rules.md).
export {
  releases,
  tracks,
  payees,
  royaltySplits,
  royaltyAdvances,
  royaltyImports,
  royaltyCodeAssignments,
  royaltyLines,
  royaltyPeriods,
  royaltyStatements,
  royaltyStatementLines,
  royaltyPayouts,
} from "./royalties.table";
// The music store: releases on sale, their tracks' audio and download rights
// (docs/decisions/051-the-music-store.md).
export { storeListings, storeTrackAudio, storePurchases, storeCodes, digitalTaxRates } from "./store.table";
