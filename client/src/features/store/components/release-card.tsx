import { Music, Pause, Play, ShoppingBag } from "lucide-react";
import { Link } from "wouter";
import type { StoreRelease } from "@shared/store";
import { Button } from "@/components/ui/button";
import { coverColours, FORMAT_NAMES, priceText } from "../player-tracks";

/** Words for a release's cover, for people who cannot see it. */
export function coverAlt(release: Pick<StoreRelease, "title" | "artist">): string {
  return `Cover of ${release.title} by ${release.artist}`;
}

/**
 * The release's cover image, or a gradient of its own while it has none. Where it is the page's
 * picture of the release (its store page, its download page) it is described; as a thumbnail in
 * a list or the player bar, whose title and artist are read right beside it, it is `decorative`
 * (alt=""), so a screen reader does not say each title twice.
 */
export function ReleaseCover({
  release,
  decorative = false,
  className,
}: {
  release: Pick<StoreRelease, "id" | "title" | "artist" | "coverUrl">;
  decorative?: boolean;
  className?: string;
}) {
  if (release.coverUrl)
    return (
      <img
        src={release.coverUrl}
        alt={decorative ? "" : coverAlt(release)}
        loading="lazy"
        className={`rounded-md object-cover ${className ?? ""}`}
      />
    );
  const [from, to] = coverColours(release.id);
  return (
    <div
      aria-hidden="true"
      className={`flex items-center justify-center rounded-md text-white/90 ${className ?? ""}`}
      style={{ backgroundImage: `linear-gradient(135deg, ${from}, ${to})` }}
    >
      <Music className="size-1/3" />
    </div>
  );
}

/** A release on sale in the store's list: play its first preview, or open it to buy. */
export function ReleaseCard({
  release,
  playing,
  onPlay,
}: {
  release: StoreRelease;
  playing: boolean;
  onPlay: () => void;
}) {
  const playable = release.tracks.some((t) => t.previewUrl);
  return (
    <article className="flex w-full items-center gap-4 rounded-lg border bg-card p-3 shadow-sm">
      <ReleaseCover release={release} decorative className="size-16 shrink-0" />
      <div className="min-w-0 flex-1">
        <h3 className="font-semibold leading-snug break-words">
          <Link href={`/store/${release.id}`} className="hover:underline">
            {release.title}
          </Link>
        </h3>
        <p className="text-sm break-words text-muted-foreground">
          {release.artist}
          {release.genre ? ` · ${release.genre}` : ""}
        </p>
        <p className="mt-1 text-sm font-semibold">{priceText(release)}</p>
        <p className="text-xs text-muted-foreground">{release.formats.map((f) => FORMAT_NAMES[f]).join(", ")}</p>
      </div>
      <div className="flex shrink-0 gap-2">
        <Button
          type="button"
          size="icon"
          variant="outline"
          className="size-9"
          disabled={!playable}
          aria-label={`${playing ? "Pause" : "Play"} ${release.title}`}
          onClick={onPlay}
        >
          {playing ? <Pause aria-hidden="true" /> : <Play aria-hidden="true" />}
        </Button>
        <Button asChild size="icon" className="size-9">
          <Link href={`/store/${release.id}`} aria-label={`Buy ${release.title}`}>
            <ShoppingBag aria-hidden="true" />
          </Link>
        </Button>
      </div>
    </article>
  );
}
