import { useQuery } from "@tanstack/react-query";
import { lazy, startTransition, Suspense, useEffect, useState } from "react";
import { useActiveFeaturedArtist } from "@/features/featured-artists/api";
import { FeaturedArtistSection } from "@/features/landing/components/featured-artist-section";
import { FeaturesSection } from "@/features/landing/components/features-section";
import { GenresSection } from "@/features/landing/components/genres-section";
import { HeroSection } from "@/features/landing/components/hero-section";
import { SignInFailureNotice } from "@/features/landing/components/sign-in-failure-notice";
import { LandingFooter } from "@/features/landing/components/landing-footer";
import { LandingHeader } from "@/features/landing/components/landing-header";
import { LeadershipSection } from "@/features/landing/components/leadership-section";
import { LoginCtaSection } from "@/features/landing/components/login-cta-section";
import { MerchandiseSection } from "@/features/landing/components/merchandise-section";
import { TourDatesSection, type TourDateView } from "@/features/landing/components/tour-dates-section";
import { VendorCtaSection } from "@/features/landing/components/vendor-cta-section";
import { usePageMetadata } from "@/features/landing/page-metadata";
import { LiveNowSection } from "@/features/live-streams/components/live-now-section";
import { useCurrentLiveStream } from "@/features/live-streams/current-live-stream";
import { useMerchandise } from "@/features/shop/catalogue/api";
import { upcomingShowsQuery } from "@/features/shows/api";
import { formatDay, formatTime } from "@shared/dates";
import { showPagePath } from "@shared/shows";
import { GridBuy } from "@/features/shop/cart/components/grid-buy";

// The cart (its drawer and store) is its own chunk, so the landing's first load stays light.
const ShopCart = lazy(() =>
  import("@/features/shop/cart/components/cart-drawer").then((m) => ({ default: m.ShopCart })),
);

export const LANDING_METADATA = {
  title: "Label Records — Full-Service Record Label",
  description:
    "Label Records is a full-service record label: studio recording, A&R, artist development, distribution, tour dates, events and merchandise.",
  path: "/",
};

/**
 * Upcoming shows only: a show leaves the list once its day has ended at the venue. The time is
 * the venue's clock with its zone ("8:00 PM EDT"), so a fan elsewhere knows which clock it is.
 */
function useTourDateViews() {
  const query = useQuery(upcomingShowsQuery);
  const dates: TourDateView[] | undefined = query.data?.map((show) => ({
    id: show.id,
    artistName: show.artistName,
    location: show.location,
    day: formatDay(show, show.timeZone, "weekday"),
    time: formatTime(show, show.timeZone),
    href: showPagePath(show.id),
  }));
  return { dates, status: query.status };
}

// Each data section reads its own query, so a list arriving re-renders that section only,
// not the whole landing.
function LiveNow() {
  const { data } = useCurrentLiveStream();
  return <LiveNowSection stream={data} />;
}

function FeaturedArtist() {
  const { data } = useActiveFeaturedArtist();
  return <FeaturedArtistSection artist={data} />;
}

function TourDates() {
  const { dates, status } = useTourDateViews();
  return <TourDatesSection dates={dates} status={status} />;
}

function Merchandise() {
  const { data } = useMerchandise();
  return <MerchandiseSection items={data} renderBuy={(item) => <GridBuy item={item} />} />;
}

/**
 * True from the second render on. Set in a transition, so React renders what it reveals in
 * short slices and the page keeps answering taps and scrolls while it fills in.
 */
function useAfterFirstRender() {
  const [ready, setReady] = useState(false);
  useEffect(() => startTransition(() => setReady(true)), []);
  return ready;
}

/**
 * Signed-out "/", every section in the order of docs/product.md, "Landing page". Data
 * sections that have nothing to show (no live stream, no active artist, no merchandise) are
 * left out entirely.
 * The header and hero fill the first screen and render first; the sections below follow.
 */
export function LandingPage() {
  usePageMetadata(LANDING_METADATA);
  const showRest = useAfterFirstRender();

  return (
    <div className="flex min-h-dvh flex-col">
      <LandingHeader
        cart={
          <Suspense fallback={null}>
            <ShopCart />
          </Suspense>
        }
      />
      <main id="main-content" tabIndex={-1} className="flex-1 outline-hidden">
        <SignInFailureNotice />
        <HeroSection />
        {showRest && (
          <>
            <LiveNow />
            <FeaturesSection />
            <GenresSection />
            <FeaturedArtist />
            <TourDates />
            <LeadershipSection />
            <LoginCtaSection />
            <Merchandise />
            <VendorCtaSection />
          </>
        )}
      </main>
      {showRest && <LandingFooter />}
    </div>
  );
}
