import { lazy, Suspense } from "react";
import type { ComponentType } from "react";
import { Route, Switch, useLocation } from "wouter";
import { PageLoading } from "@/components/page-loading";
import { useCurrentUser } from "@/lib/auth";
import {
  CHECKOUT_ROUTE,
  DOWNLOAD_PAGE_ROUTE,
  LEAVE_WAITLIST_ROUTE,
  REDEEM_ROUTE,
  STORE_RELEASE_ROUTE,
  INVOICE_DETAIL_ROUTE,
  ORDER_PAGE_ROUTE,
  MERCH_PAGE_ROUTE,
  PUBLIC_INVOICE_ROUTE,
  SIGNED_IN_PATHS,
  SIGNED_OUT_PATHS,
  isMembersOnlyRoute,
  type SignedInPath,
  type SignedOutPath,
} from "@shared/routes";
import { SHOW_PAGE_ROUTE } from "@shared/shows";

/**
 * Lazy-loads a page's named export, so every page is its own chunk and the entry holds only
 * what all of them need: a member opening /tickets never loads the landing's sections, nor a
 * visitor the members' pages (docs/decisions/046-a-lighter-page.md).
 */
function lazyPage<M extends Record<string, unknown>>(load: () => Promise<M>, name: keyof M) {
  return lazy(async () => ({ default: (await load())[name] as ComponentType }));
}

const LandingPage = lazyPage(() => import("@/pages/landing-page"), "LandingPage");
const NotFoundPage = lazyPage(() => import("@/pages/not-found-page"), "NotFoundPage");
const SignInPromptPage = lazyPage(() => import("@/pages/sign-in-prompt-page"), "SignInPromptPage");
const PublicInvoicePage = lazyPage(() => import("@/pages/public-invoice-page"), "PublicInvoicePage");
const CheckoutPage = lazyPage(() => import("@/pages/checkout-page"), "CheckoutPage");
const OrderPage = lazyPage(() => import("@/pages/order-page"), "OrderPage");
const ShowPage = lazyPage(() => import("@/pages/show-page"), "ShowPage");
const MerchItemPage = lazyPage(() => import("@/pages/merch-item-page"), "MerchItemPage");
const HomePage = lazyPage(() => import("@/pages/home-page"), "HomePage");
const StorePage = lazyPage(() => import("@/pages/store-page"), "StorePage");
const StoreReleasePage = lazyPage(() => import("@/pages/store-release-page"), "StoreReleasePage");
const AdminStorePage = lazyPage(() => import("@/pages/admin-store-page"), "AdminStorePage");
const LibraryPage = lazyPage(() => import("@/pages/library-page"), "LibraryPage");
const RedeemPage = lazyPage(() => import("@/pages/redeem-page"), "RedeemPage");
const LeaveWaitlistPage = lazyPage(() => import("@/pages/leave-waitlist-page"), "LeaveWaitlistPage");
const DownloadPage = lazyPage(() => import("@/pages/download-page"), "DownloadPage");
const SubmissionsPage = lazyPage(() => import("@/pages/submissions-page"), "SubmissionsPage");
const SessionPage = lazyPage(() => import("@/pages/session-page"), "SessionPage");
const BookingsPage = lazyPage(() => import("@/pages/bookings-page"), "BookingsPage");
const AdvertisingPage = lazyPage(() => import("@/pages/advertising-page"), "AdvertisingPage");
const StudioDashboardPage = lazyPage(() => import("@/pages/studio-dashboard-page"), "StudioDashboardPage");
const SettingsPage = lazyPage(() => import("@/pages/settings-page"), "SettingsPage");
const TourDatesPage = lazyPage(() => import("@/pages/tour-dates-page"), "TourDatesPage");
const TicketsPage = lazyPage(() => import("@/pages/tickets-page"), "TicketsPage");
const InvoicesPage = lazyPage(() => import("@/pages/invoices-page"), "InvoicesPage");
const MerchandisePage = lazyPage(() => import("@/pages/merchandise-page"), "MerchandisePage");
const VendorBookingPage = lazyPage(() => import("@/pages/vendor-booking-page"), "VendorBookingPage");
const ArtistsPage = lazyPage(() => import("@/pages/artists-page"), "ArtistsPage");
const DevelopmentPage = lazyPage(() => import("@/pages/development-page"), "DevelopmentPage");
const MyTicketsPage = lazyPage(() => import("@/pages/my-tickets-page"), "MyTicketsPage");
const AdminEventsPage = lazyPage(() => import("@/pages/admin-events-page"), "AdminEventsPage");
const AdminFeaturedArtistsPage = lazyPage(
  () => import("@/pages/admin-featured-artists-page"),
  "AdminFeaturedArtistsPage",
);
const AdminLiveStreamsPage = lazyPage(() => import("@/pages/admin-live-streams-page"), "AdminLiveStreamsPage");
const AdminResourcesPage = lazyPage(() => import("@/pages/admin-resources-page"), "AdminResourcesPage");
const AdminSubmissionsPage = lazyPage(() => import("@/pages/admin-submissions-page"), "AdminSubmissionsPage");
const AdminOutboxPage = lazyPage(() => import("@/pages/admin-outbox-page"), "AdminOutboxPage");
const AdminShippingPage = lazyPage(() => import("@/pages/admin-shipping-page"), "AdminShippingPage");
const AdminOrdersPage = lazyPage(() => import("@/pages/admin-orders-page"), "AdminOrdersPage");
const AdminCataloguePage = lazyPage(() => import("@/pages/admin-catalogue-page"), "AdminCataloguePage");
const AdminPayeesPage = lazyPage(() => import("@/pages/admin-payees-page"), "AdminPayeesPage");
const AdminRoyaltyPeriodsPage = lazyPage(() => import("@/pages/admin-royalty-periods-page"), "AdminRoyaltyPeriodsPage");
const RoyaltiesPage = lazyPage(() => import("@/pages/royalties-page"), "RoyaltiesPage");
const AdminRoyaltyImportsPage = lazyPage(() => import("@/pages/admin-royalty-imports-page"), "AdminRoyaltyImportsPage");
const AdminUnmatchedPage = lazyPage(() => import("@/pages/admin-unmatched-page"), "AdminUnmatchedPage");
const CheckInPage = lazyPage(() => import("@/pages/check-in-page"), "CheckInPage");
const AdminVendorBookingsPage = lazyPage(() => import("@/pages/admin-vendor-bookings-page"), "AdminVendorBookingsPage");
// A signed-in member's cart follows them (merged at sign-in, saved on every change); a visitor
// never loads this.
const MemberCartSync = lazy(() =>
  import("@/features/shop/cart/member-cart-sync").then((m) => ({ default: m.MemberCartSync })),
);

/** Signed out (and while the current-user call is loading), path by path (shared/routes.ts). */
const signedOutPages = {
  "/": LandingPage,
  "/vendor-booking": VendorBookingPage,
  "/artists": ArtistsPage,
} satisfies Record<SignedOutPath, ComponentType>;

/** Signed in, path by path (shared/routes.ts, which also lists the aliases and why). */
const signedInPages = {
  "/": HomePage,
  "/store": StorePage,
  "/submissions": SubmissionsPage,
  "/session": SessionPage,
  "/bookings": BookingsPage,
  "/advertising": AdvertisingPage,
  "/dashboard": StudioDashboardPage,
  "/settings": SettingsPage,
  "/tour-dates": TourDatesPage,
  "/tickets": TicketsPage,
  "/invoices": InvoicesPage,
  "/merchandise": MerchandisePage,
  "/vendor-booking": VendorBookingPage,
  "/artists": ArtistsPage,
  "/development": DevelopmentPage,
  "/studio": StudioDashboardPage,
  "/ar": SubmissionsPage,
  "/fashion": MerchandisePage,
  "/dashboard/submissions": SubmissionsPage,
  "/dashboard/artists": ArtistsPage,
  "/dashboard/bookings": BookingsPage,
  "/dashboard/library": StorePage,
  "/dashboard/settings": SettingsPage,
  "/my-tickets": MyTicketsPage,
  "/admin/events": AdminEventsPage,
  "/admin/featured-artists": AdminFeaturedArtistsPage,
  "/admin/live-streams": AdminLiveStreamsPage,
  "/admin/resources": AdminResourcesPage,
  "/admin/vendor-bookings": AdminVendorBookingsPage,
  "/admin/outbox": AdminOutboxPage,
  "/admin/shipping": AdminShippingPage,
  "/admin/orders": AdminOrdersPage,
  "/admin/catalogue": AdminCataloguePage,
  "/admin/payees": AdminPayeesPage,
  "/admin/royalty-periods": AdminRoyaltyPeriodsPage,
  "/royalties": RoyaltiesPage,
  "/admin/royalty-imports": AdminRoyaltyImportsPage,
  "/admin/unmatched": AdminUnmatchedPage,
  "/check-in": CheckInPage,
  "/admin/submissions": AdminSubmissionsPage,
  "/admin/store": AdminStorePage,
  "/library": LibraryPage,
} satisfies Record<SignedInPath, ComponentType>;

const signedOutRoutes = SIGNED_OUT_PATHS.map((path) => [path, signedOutPages[path]] as const);
/**
 * Where a page of the table also opens one record by id (shared/routes.ts): one route matches
 * both paths, so opening and closing the record keeps the page (its filter, its scroll) as it is.
 */
const withRecord: Partial<Record<SignedInPath, string>> = { "/invoices": `${INVOICE_DETAIL_ROUTE}?` };
const signedInRoutes = SIGNED_IN_PATHS.map((path) => [withRecord[path] ?? path, signedInPages[path]] as const);

/** Outside the visitor's routes: a members' page asks a signed-out visitor to sign in. */
function NoRoute({ signedIn }: { signedIn: boolean }) {
  const [location] = useLocation();
  return !signedIn && isMembersOnlyRoute(location) ? <SignInPromptPage /> : <NotFoundPage />;
}

export function AppRouter() {
  const { user, isAuthenticated, isLoading } = useCurrentUser();
  const routes = isAuthenticated ? signedInRoutes : signedOutRoutes;
  return (
    <Suspense fallback={<PageLoading />}>
      {user && (
        <Suspense fallback={null}>
          <MemberCartSync userId={user.id} />
        </Suspense>
      )}
      <Switch>
        {/* A public invoice link opens the same page signed in or out. */}
        <Route path={PUBLIC_INVOICE_ROUTE} component={PublicInvoicePage} />
        {/* So does a show's page (shared/shows.ts). */}
        <Route path={SHOW_PAGE_ROUTE} component={ShowPage} />
        {/* The shop's checkout and a buyer's order page, for visitors and members alike. */}
        <Route path={CHECKOUT_ROUTE} component={CheckoutPage} />
        <Route path={ORDER_PAGE_ROUTE} component={OrderPage} />
        {/* And an item's page (its option pickers). */}
        <Route path={MERCH_PAGE_ROUTE} component={MerchItemPage} />
        {/* A music store release and a download link, for visitors and members alike. */}
        <Route path={STORE_RELEASE_ROUTE} component={StoreReleasePage} />
        <Route path={DOWNLOAD_PAGE_ROUTE} component={DownloadPage} />
        <Route path={REDEEM_ROUTE} component={RedeemPage} />
        {/* The waiting list's leave link, signed in or not. */}
        <Route path={LEAVE_WAITLIST_ROUTE} component={LeaveWaitlistPage} />
        {routes.map(([path, Page]) => (
          <Route key={path} path={path} component={Page} />
        ))}
        {/* While the user is unknown a signed-in-only path is not yet a 404: wait for it. */}
        <Route>{isLoading ? <PageLoading /> : <NoRoute signedIn={isAuthenticated} />}</Route>
      </Switch>
    </Suspense>
  );
}
