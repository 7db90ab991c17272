/**
 * The client's route table: the one list of paths the single-page app serves. The client
 * router maps each path to its page (client/src/app/router.tsx); the server answers every
 * other path with the same page but status 404, so crawlers and monitors see the truth.
 * Only a few pages have a parameter: the public links' signed token, a show's id, a merchandise
 * item's id and an invoice's id.
 */

/** Signed out (and while the signed-in state is still loading). */
export const SIGNED_OUT_PATHS = ["/", "/vendor-booking", "/artists"] as const;

/**
 * Signed in: the product's routes, then aliases that the dashboard tiles and sidebar links
 * point at (so none of them ends on the 404 page), then the members' and management pages.
 */
export const SIGNED_IN_PATHS = [
  "/",
  "/store",
  "/submissions",
  "/session",
  "/bookings",
  "/advertising",
  "/dashboard",
  "/settings",
  "/tour-dates",
  "/tickets",
  "/invoices",
  "/merchandise",
  "/vendor-booking",
  "/artists",
  "/development",
  // Aliases
  "/studio",
  "/ar",
  "/fashion",
  "/dashboard/submissions",
  "/dashboard/artists",
  "/dashboard/bookings",
  "/dashboard/library",
  "/dashboard/settings",
  // Members and administrators
  "/my-tickets",
  "/admin/events",
  "/admin/featured-artists",
  "/admin/live-streams",
  "/admin/resources",
  "/admin/vendor-bookings",
  "/admin/outbox",
  "/admin/shipping",
  "/admin/orders",
  "/admin/catalogue",
  "/admin/payees",
  "/admin/royalty-periods",
  "/royalties",
  "/admin/royalty-imports",
  "/admin/unmatched",
  "/check-in",
  "/admin/submissions",
  "/admin/store",
  "/library",
] as const;

/**
 * An invoice's public link, for anyone holding it, signed in or not
 * (docs/decisions/016-invoice-lifecycle.md). The token is "<id>.<signature>"; a path of that
 * shape is a page, and the server answers it with 404 when the signature is wrong or the
 * invoice does not exist.
 */
export const PUBLIC_INVOICE_ROUTE = "/pay/:token";
const PUBLIC_INVOICE_PATH = /^\/pay\/[\w-]{1,100}\.[\w-]{1,100}\/?$/i;

/**
 * A show's public page (shared/shows.ts), for everyone. The server answers it with the show's
 * own title, link-preview tags and JSON-LD in the HTML, and with 404 for an unknown id.
 */
const SHOW_PATH = /^\/shows\/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\/?$/i;

/**
 * A merchandise item's page, for everyone: its option pickers, price, stock and ships-from day.
 * The server answers an unknown item, or one not on sale, with 404.
 */
export const MERCH_PAGE_ROUTE = "/merch/:id";
const MERCH_PATH = /^\/merch\/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\/?$/i;

/** Whether the path is an item's page (the item still has to exist and be on sale). */
export function isMerchPath(path: string): boolean {
  return MERCH_PATH.test(path);
}

/** The page of one item. */
export const merchPagePath = (id: string) => `/merch/${id}`;

/**
 * One of the member's own invoices, opened over the list (a deep link: `/invoices/{id}`). Any
 * id-shaped path is the page; the invoice's own data call says whether it exists and is theirs.
 */
export const INVOICE_DETAIL_ROUTE = "/invoices/:id";
const INVOICE_DETAIL_PATH = /^\/invoices\/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\/?$/i;

/**
 * A shop order's page, for anyone holding its link (the confirmation e-mail's): the token is
 * "<order id>.<signature>"; the page's data call says whether it is genuine.
 */
export const ORDER_PAGE_ROUTE = "/orders/:token";
const ORDER_PAGE_PATH = /^\/orders\/[\w-]{1,100}\.[\w-]{1,100}\/?$/i;

/** A release on sale in the music store, for everyone; its data call says whether it is on sale. */
export const STORE_RELEASE_ROUTE = "/store/:id";
const STORE_RELEASE_PATH = /^\/store\/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\/?$/i;

/** A music store download link (its e-mail's), for anyone holding it, signed in or not. */
export const DOWNLOAD_PAGE_ROUTE = "/downloads/:token";
const DOWNLOAD_PAGE_PATH = /^\/downloads\/[\w-]{20,64}\/?$/;

/** The waiting-list e-mail's link to leave it, for anyone holding it, signed in or not. */
export const LEAVE_WAITLIST_ROUTE = "/waitlist/leave/:token";
const LEAVE_WAITLIST_PATH = /^\/waitlist\/leave\/[\w-]{16,128}\/?$/;

/** Where a download code is redeemed: one page for the whole label, for everyone. */
export const REDEEM_ROUTE = "/redeem";

/** The shop's checkout (the cart's items, an address, the card), for visitors and members alike. */
export const CHECKOUT_ROUTE = "/checkout";

/** Whether the path is a show page (the id still has to exist). */
export function isShowPath(path: string): boolean {
  return SHOW_PATH.test(path);
}

export type SignedOutPath = (typeof SIGNED_OUT_PATHS)[number];
export type SignedInPath = (typeof SIGNED_IN_PATHS)[number];

/**
 * A path as the client router compares it: wouter matches static paths case-insensitively
 * and with an optional trailing slash.
 */
function routeKey(path: string): string {
  const lower = path.toLowerCase();
  return lower.length > 1 && lower.endsWith("/") ? lower.slice(0, -1) : lower;
}

const signedOut = new Set<string>(SIGNED_OUT_PATHS);
const signedIn = new Set<string>(SIGNED_IN_PATHS);

/** A path the client shows a page for, to someone (anything else is the 404 page). */
export function isClientRoute(path: string): boolean {
  const key = routeKey(path);
  return (
    key === CHECKOUT_ROUTE ||
    ORDER_PAGE_PATH.test(path) ||
    signedOut.has(key) ||
    signedIn.has(key) ||
    PUBLIC_INVOICE_PATH.test(path) ||
    SHOW_PATH.test(path) ||
    MERCH_PATH.test(path) ||
    INVOICE_DETAIL_PATH.test(path) ||
    key === REDEEM_ROUTE ||
    STORE_RELEASE_PATH.test(path) ||
    DOWNLOAD_PAGE_PATH.test(path) ||
    LEAVE_WAITLIST_PATH.test(path)
  );
}

/** A path only members can open: a signed-out visitor is asked to sign in there. */
export function isMembersOnlyRoute(path: string): boolean {
  const key = routeKey(path);
  return (signedIn.has(key) && !signedOut.has(key)) || INVOICE_DETAIL_PATH.test(path);
}
