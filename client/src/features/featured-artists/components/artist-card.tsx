import { ExternalLink, Headphones, PlayCircle } from "lucide-react";
import type { FeaturedArtist } from "@shared/featured-artists";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Skeleton } from "@/components/ui/skeleton";

function NewTabLink({ href, label, icon: Icon }: { href: string; label: string; icon: typeof PlayCircle }) {
  return (
    <Button asChild variant="outline" size="sm">
      <a href={href} target="_blank" rel="noopener noreferrer">
        <Icon aria-hidden="true" />
        {label}
        <span className="sr-only"> (opens in a new tab)</span>
        <ExternalLink className="size-3 opacity-60" aria-hidden="true" />
      </a>
    </Button>
  );
}

/** Image, name, 'Featured: {month}', bio in 4 lines, optional links. */
export function ArtistCard({ artist }: { artist: FeaturedArtist }) {
  return (
    <li className="flex flex-col overflow-hidden rounded-xl border bg-card shadow-sm">
      <div className="relative">
        <img
          src={artist.imageUrl}
          alt={artist.artistName}
          width={600}
          height={600}
          loading="lazy"
          decoding="async"
          className="aspect-square w-full object-cover"
        />
        {artist.isActive === 1 && <Badge className="absolute top-3 left-3 shadow">Artist of the Month</Badge>}
      </div>
      <div className="flex flex-1 flex-col gap-2 p-5">
        <h3 className="font-display text-xl font-bold tracking-tight">{artist.artistName}</h3>
        <p className="text-sm font-medium text-primary">Featured: {artist.month}</p>
        {artist.bio && <p className="line-clamp-4 text-sm leading-relaxed text-muted-foreground">{artist.bio}</p>}
        {(artist.videoUrl || artist.songUrl) && (
          <div className="mt-auto flex flex-wrap gap-2 pt-3">
            {artist.videoUrl && <NewTabLink href={artist.videoUrl} label="Watch Video" icon={PlayCircle} />}
            {artist.songUrl && <NewTabLink href={artist.songUrl} label="Listen Now" icon={Headphones} />}
          </div>
        )}
      </div>
    </li>
  );
}

export function ArtistCardSkeleton() {
  return (
    <li className="overflow-hidden rounded-xl border bg-card">
      <Skeleton className="aspect-square w-full rounded-none" />
      <div className="grid gap-3 p-5">
        <Skeleton className="h-6 w-2/3" />
        <Skeleton className="h-4 w-1/3" />
        <Skeleton className="h-16 w-full" />
      </div>
    </li>
  );
}
