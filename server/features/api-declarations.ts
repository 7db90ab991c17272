// What the app declares before any feature is built: the route sets app.ts treats specially, the
// contracts and file routes the OpenAPI document lists, the pages that read the session.
import { combineRouteSets } from "../lib/route-sets";
import { vendorBookingsRouteSets } from "./vendor-bookings/vendor-bookings.router";
import { healthRouteSets } from "./health/health.router";
import { ticketsRouteSets } from "./tickets/tickets.router";
import { ticketOrdersRouteSets } from "./tickets/ticket-orders.router";
import { PUBLIC_INVOICE_ROUTE } from "@shared/routes";
import { invoicesRouteSets } from "./invoices/invoices.router";
import { publicInvoicesRouteSets } from "./invoices/public-invoices.router";
import { tourDatesRouteSets } from "./tour-dates/tour-dates.router";
import { featuredArtistsRouteSets } from "./featured-artists/featured-artists.router";
import { liveStreamsRouteSets } from "./live-streams/live-streams.router";
import { objectsRouteSets } from "./objects/objects.router";
import { labelRouteSets } from "./label/label.router";
import { showsRouteSets } from "./shows/shows";
import { SHOP_CONTRACTS, SHOP_FILES, SHOP_ROUTE_SETS } from "./shop/shop";
import { apiDocsRouteSets } from "./api-docs/api-docs.router";
import type { Contract } from "@shared/contract";
import type { FileRoute } from "@shared/api-route";
import { invoiceFiles } from "@shared/invoices.api";
import { ticketFiles } from "@shared/tickets.api";
import { checkInFiles } from "@shared/check-ins.api";
import { outboxFiles } from "@shared/outbox.api";
import { showFiles } from "@shared/shows.api";
import { featuredArtistsContract } from "@shared/featured-artists";
import { developmentResourcesContract } from "@shared/development-resources";
import { invoicesContract, publicInvoicesContract } from "@shared/invoice-actions";
import { eventsContract } from "@shared/events";
import { ticketOrdersContract, ticketsContract } from "@shared/tickets";
import { ticketPromoCodesContract } from "@shared/ticket-promo-codes";
import { ticketWaitlistContract } from "@shared/ticket-waitlist";
import { ticketWaitlistFiles } from "@shared/ticket-waitlist.api";
import { checkInsContract } from "@shared/check-ins";
import { vendorBookingsContract } from "@shared/vendor-bookings";
import { healthContract } from "@shared/health";
import { authContract } from "@shared/auth";
import { masterCodeContract } from "@shared/master-code";
import { labelContract } from "@shared/label";
import { objectUploadsContract } from "@shared/object-uploads";
import { tourDatesContract } from "@shared/tour-dates";
import { showsContract } from "@shared/shows.contract";
import { liveStreamsContract } from "@shared/live-streams";
import { outboxContract } from "@shared/outbox";
import { royaltiesDeclared } from "./royalties/royalties";
import { submissionsContract } from "@shared/submissions";
import { submissionFiles } from "@shared/submissions.api";
import { storeDeclared } from "./store/store";

/**
 * The routes app.ts treats specially (session-less public reads, purchase and upload limits),
 * as the routers under /api declare them; app.ts names no feature route itself.
 */
export const FEATURE_ROUTE_SETS = combineRouteSets("/api", [
  healthRouteSets,
  tourDatesRouteSets,
  featuredArtistsRouteSets,
  liveStreamsRouteSets,
  ticketsRouteSets,
  ticketOrdersRouteSets,
  vendorBookingsRouteSets,
  ...SHOP_ROUTE_SETS,
  objectsRouteSets,
  invoicesRouteSets,
  publicInvoicesRouteSets,
  showsRouteSets,
  apiDocsRouteSets,
  labelRouteSets,
  royaltiesDeclared.routeSets,
  storeDeclared.routeSets,
]);

/**
 * The contracts of the routes served through lib/contract-router.ts: GET /api/openapi.json is
 * generated from this list, and server/contract.test.ts checks every route in it against real
 * answers. A feature converted to its contract adds it here (docs/decisions/027-one-contract-per-route.md).
 */
export const API_CONTRACTS: readonly Contract[] = [
  featuredArtistsContract,
  developmentResourcesContract,
  invoicesContract,
  publicInvoicesContract,
  eventsContract,
  ticketsContract,
  ticketOrdersContract,
  ticketPromoCodesContract,
  ticketWaitlistContract,
  checkInsContract,
  vendorBookingsContract,
  ...SHOP_CONTRACTS,
  healthContract,
  authContract,
  masterCodeContract,
  labelContract,
  objectUploadsContract,
  tourDatesContract,
  showsContract,
  liveStreamsContract,
  outboxContract,
  ...royaltiesDeclared.contracts,
  submissionsContract,
  ...storeDeclared.contracts,
];

/**
 * The routes that answer files (PDFs, CSVs, calendars): no contract of schemas, but the OpenAPI
 * document lists them with their media types. api-docs.test.ts finds every `fileRoute` declared
 * in shared/ and checks that it is here.
 */
export const API_FILES: readonly FileRoute[] = [
  ...Object.values(invoiceFiles),
  ...Object.values(ticketFiles),
  ...Object.values(ticketWaitlistFiles),
  ...Object.values(checkInFiles),
  ...SHOP_FILES,
  ...Object.values(outboxFiles),
  ...royaltiesDeclared.files,
  ...Object.values(showFiles),
  ...Object.values(submissionFiles),
  ...storeDeclared.files,
];

/**
 * Pages outside /api whose status depends on who asks, so app.ts reads the session for them
 * as it does for the API: a draft invoice's link is a page for its owner only.
 */
export const PAGES_WITH_SESSION = [PUBLIC_INVOICE_ROUTE];
