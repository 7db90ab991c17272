import { ArtistGallery } from "@/features/artists/components/artist-gallery";
import { GalleryHeader } from "@/features/artists/components/gallery-header";
import { useFeaturedArtists } from "@/features/featured-artists/api";
import { usePageMetadata } from "@/features/landing/page-metadata";

export const GALLERY_METADATA = {
  title: "Artist Gallery — Label Records",
  description: "Discover the talented artists in our roster: every Community Featured Artist of the Month at Label Records.",
  path: "/artists",
};

/** /artists (public and signed in; also /dashboard/artists), SPEC.md §2.10. */
export function ArtistsPage() {
  usePageMetadata(GALLERY_METADATA);
  const query = useFeaturedArtists();

  return (
    <div className="flex min-h-dvh flex-col">
      <GalleryHeader />
      <main id="main-content" tabIndex={-1} className="mx-auto w-full max-w-6xl flex-1 px-4 py-10 outline-hidden sm:py-14">
        <section aria-labelledby="featured-artists-heading">
          <div className="mb-10 max-w-2xl">
            <h2 id="featured-artists-heading" className="font-display text-3xl font-bold tracking-tight sm:text-4xl">
              Featured Artists
            </h2>
            <p className="mt-2 text-lg text-muted-foreground">Discover the talented artists in our roster</p>
          </div>
          <ArtistGallery artists={query.data} status={query.status} onRetry={() => void query.refetch()} />
        </section>
      </main>
    </div>
  );
}
