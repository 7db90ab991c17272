import { Music, Star, Video } from "lucide-react";
import type { FeaturedArtist } from "@shared/featured-artists";
import { EmptyList, RowActions } from "@/components/management";
import { Badge } from "@/components/ui/badge";

/** Every featured artist, newest first as the server sends them, with the active one marked. */
export function FeaturedArtistList({
  artists,
  onEdit,
  onDelete,
  deletingId,
}: {
  artists: readonly FeaturedArtist[];
  onEdit: (artist: FeaturedArtist) => void;
  onDelete: (artist: FeaturedArtist) => void;
  deletingId: string | null;
}) {
  if (artists.length === 0) {
    return <EmptyList>No featured artists yet. Click "Add Featured Artist" to create one.</EmptyList>;
  }
  return (
    <ul className="grid gap-3">
      {artists.map((artist) => (
        <li key={artist.id} className="flex gap-4 rounded-lg border bg-card/90 p-4 shadow-sm">
          <img
            src={artist.imageUrl}
            alt={artist.artistName}
            loading="lazy"
            className="size-20 shrink-0 rounded-md bg-muted object-cover sm:size-24"
          />
          <div className="min-w-0 flex-1 space-y-1">
            <div className="flex flex-wrap items-center gap-2">
              <h2 className="text-lg font-semibold">{artist.artistName}</h2>
              {artist.isActive === 1 && (
                <Badge>
                  <Star aria-hidden="true" />
                  Active
                </Badge>
              )}
            </div>
            <p className="text-sm text-muted-foreground">Featured for {artist.month}</p>
            {artist.bio && <p className="line-clamp-2 text-sm">{artist.bio}</p>}
            {(artist.videoUrl || artist.songUrl) && (
              <p className="flex gap-3 text-xs text-muted-foreground">
                {artist.videoUrl && (
                  <span className="inline-flex items-center gap-1">
                    <Video aria-hidden="true" className="size-3.5" /> Video
                  </span>
                )}
                {artist.songUrl && (
                  <span className="inline-flex items-center gap-1">
                    <Music aria-hidden="true" className="size-3.5" /> Song
                  </span>
                )}
              </p>
            )}
            <RowActions
              name={artist.artistName}
              onEdit={() => onEdit(artist)}
              onDelete={() => onDelete(artist)}
              deleting={deletingId === artist.id}
              className="flex shrink-0 gap-2 pt-2"
            />
          </div>
        </li>
      ))}
    </ul>
  );
}
