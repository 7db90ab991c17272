// Every table, for drizzle-kit (drizzle.config.ts) and the server's drizzle instance.
// Relative imports only: drizzle-kit loads these files without the app's path aliases.
export { users, sessions } from "./users";
export { submissions } from "./submissions";
export { bookings } from "./bookings";
export { sessionMusicians } from "./session-musicians";
export { products } from "./products";
export { advertisements } from "./advertisements";
export { tourDates } from "./tour-dates";
export { vendorBookings } from "./vendor-bookings";
export { tourDateVendorSlots } from "./vendor-slots";
export { events } from "./events";
export { ticketPurchases } from "./tickets";
export { invoices, invoiceLineItems } from "./invoices";
export { invoiceEvents } from "./invoice-events";
export { featuredArtists } from "./featured-artists";
export { liveStreams } from "./live-streams";
export { merchandise } from "./merchandise";
export { developmentResources } from "./development-resources";
// Not a product entity: storage of the built-in sign-in provider
// (docs/decisions/002-built-in-sign-in.md).
export { oidcPayloads } from "./oidc";
// Merchandise checkout, webhook idempotency, issued upload keys and rate-limit counters.
export { merchandiseOrders } from "./merchandise-orders";
export { stripeEvents } from "./stripe-events";
export { objectUploads } from "./object-uploads";
export { rateLimits } from "./rate-limits";
// Every e-mail, queued in the same transaction as the change it reports (shared/outbox.ts).
export { outboxMessages } from "./outbox";
// The door's scan log (docs/decisions/015-check-in.md).
export { ticketScans } from "./check-ins";
