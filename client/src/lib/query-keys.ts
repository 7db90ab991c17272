// Every API query key of the client not yet made by the typed client (lib/api-client.ts builds
// a converted feature's keys from its contract), each declared once. A key is the API path: the default
// query function (lib/query-client.ts) GETs its parts joined with "/". Several features read
// or refresh the same resource (a ticket purchase changes the events list, a live-stream
// write changes the landing's LIVE NOW), and features do not import each other, so the keys
// live here where all of them can reach the same one.

export const TOUR_DATES_QUERY_KEY = ["/api/tour-dates"] as const;
/** A show's live vendor-slot counts; under /api/tour-dates, so a tour-date write refreshes them. */
export const vendorSlotsQueryKey = (tourDateId: string) => ["/api/tour-dates", tourDateId, "vendor-slots"] as const;
export const VENDOR_BOOKINGS_QUERY_KEY = ["/api/vendor-bookings"] as const;

// Shows (tour dates as the public sees them): the upcoming list, the archive and one show's
// page all sit under /api/shows, so one invalidation of SHOWS_QUERY_KEY refreshes every one.
export const SHOWS_QUERY_KEY = ["/api/shows"] as const;

export const EVENTS_QUERY_KEY = ["/api/events"] as const;
export const MY_TICKETS_QUERY_KEY = ["/api/tickets/my"] as const;
export const eventOrdersQueryKey = (eventId: string) => ["/api/events", eventId, "orders"] as const;

// Check-in at the door: counts per event (all, or one) and the buyer search. The counts sit
// under /api/events, so an event change refreshes them too.
export const CHECK_IN_SUMMARIES_QUERY_KEY = ["/api/events/check-in-summaries"] as const;
export const checkInSummaryQueryKey = (eventId: string) => ["/api/events", eventId, "check-in-summary"] as const;
export const CHECK_IN_SEARCH_QUERY_KEY = ["/api/check-ins/search"] as const;
export const checkInSearchQueryKey = (query: string, eventId: string | null) => {
  const params = new URLSearchParams({ q: query, ...(eventId ? { eventId } : {}) });
  return [`${CHECK_IN_SEARCH_QUERY_KEY[0]}?${params}`] as const;
};

export const MY_INVOICES_QUERY_KEY = ["/api/invoices/my"] as const;
export const invoiceQueryKey = (id: string) => ["/api/invoices", id] as const;
export const publicInvoiceQueryKey = (token: string) => ["/api/public/invoices", token] as const;

export const MERCHANDISE_QUERY_KEY = ["/api/merchandise"] as const;
export const ALL_MERCHANDISE_QUERY_KEY = ["/api/merchandise/all"] as const;
export const MERCHANDISE_ORDERS_QUERY_KEY = ["/api/merchandise-orders"] as const;
