import { PageShell } from "@/components/page-shell";
import { useCurrentUser } from "@/lib/auth";
import { ArtistGallery } from "@/features/featured-artists/components/artist-gallery";
import { BackToHomeLink, GalleryHeader } from "@/features/featured-artists/components/gallery-header";
import { useFeaturedArtists } from "@/features/featured-artists/api";
import { usePageMetadata } from "@/features/landing/page-metadata";
import { PastShowsSection } from "@/features/shows/components/past-shows-section";

export const GALLERY_METADATA = {
  title: "Artist Gallery — Label Records",
  description:
    "Discover the talented artists in our roster: every Community Featured Artist of the Month at Label Records.",
  path: "/artists",
};

/** `inLayout`: under the page's own title, so the section heading steps down a size. */
function FeaturedArtists({ inLayout = false }: { inLayout?: boolean }) {
  const query = useFeaturedArtists();
  return (
    <section aria-labelledby="featured-artists-heading">
      <div className={inLayout ? "mb-6 max-w-2xl" : "mb-10 max-w-2xl"}>
        <h2
          id="featured-artists-heading"
          className={
            inLayout
              ? "font-display text-2xl font-bold tracking-tight"
              : "font-display text-3xl font-bold tracking-tight sm:text-4xl"
          }
        >
          Featured Artists
        </h2>
        <p className={inLayout ? "mt-1 text-muted-foreground" : "mt-2 text-lg text-muted-foreground"}>
          Discover the talented artists in our roster
        </p>
      </div>
      <ArtistGallery artists={query.data} status={query.status} onRetry={() => void query.refetch()} />
    </section>
  );
}

/**
 * /artists. Signed out: the public gallery under its own header. Signed in
 * (also /dashboard/artists, the sidebar's link): the same gallery inside the dashboard layout,
 * like every other page a member reaches from the sidebar.
 */
export function ArtistsPage() {
  usePageMetadata(GALLERY_METADATA);
  const { isAuthenticated } = useCurrentUser();

  if (isAuthenticated) {
    return (
      <PageShell title="Artist Gallery" back={<BackToHomeLink className="-ml-2" />}>
        <FeaturedArtists inLayout />
        <PastShowsSection inLayout />
      </PageShell>
    );
  }
  return (
    <div className="flex min-h-dvh flex-col">
      <GalleryHeader />
      <main
        id="main-content"
        tabIndex={-1}
        className="mx-auto w-full max-w-6xl flex-1 px-4 py-10 outline-hidden sm:py-14"
      >
        <FeaturedArtists />
        <PastShowsSection />
      </main>
    </div>
  );
}
