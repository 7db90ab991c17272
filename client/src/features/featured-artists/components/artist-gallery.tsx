import { Users } from "lucide-react";
import { ARTIST_SKELETON_COUNT } from "@shared/constants";
import type { FeaturedArtist } from "@shared/featured-artists";
import { LoadError } from "@/components/page-shell";
import { ArtistCard, ArtistCardSkeleton } from "./artist-card";

const GRID = "grid gap-6 sm:grid-cols-2 lg:grid-cols-3";

/** The gallery's loading, error, empty and filled states. */
export function ArtistGallery({
  artists,
  status,
  onRetry,
}: {
  artists: FeaturedArtist[] | undefined;
  status: "pending" | "error" | "success";
  onRetry: () => void;
}) {
  if (status === "pending") {
    return (
      <div role="status">
        <span className="sr-only">Loading artists…</span>
        <ul aria-hidden="true" className={GRID}>
          {Array.from({ length: ARTIST_SKELETON_COUNT }, (_, n) => (
            <ArtistCardSkeleton key={n} />
          ))}
        </ul>
      </div>
    );
  }
  if (status === "error") return <LoadError what="artists" onRetry={onRetry} />;
  if (!artists?.length) {
    return (
      <div className="flex flex-col items-center gap-3 rounded-xl border border-dashed p-12 text-center">
        <Users className="size-10 text-muted-foreground" aria-hidden="true" />
        <h3 className="text-xl font-semibold">No Artists Yet</h3>
        <p className="text-muted-foreground">Check back soon to see our featured artists</p>
      </div>
    );
  }
  return (
    <ul className={GRID}>
      {artists.map((artist) => (
        <ArtistCard key={artist.id} artist={artist} />
      ))}
    </ul>
  );
}
