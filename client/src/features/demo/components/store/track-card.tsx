import { Music, Pause, Play, Plus } from "lucide-react";
import { Button } from "@/components/ui/button";
import type { SampleTrack } from "../../data/tracks";

export function TrackCover({ track, className }: { track: SampleTrack; className?: string }) {
  return (
    <div
      aria-hidden="true"
      className={`flex items-center justify-center rounded-md text-white/90 ${className ?? ""}`}
      style={{ backgroundImage: `linear-gradient(135deg, ${track.cover[0]}, ${track.cover[1]})` }}
    >
      <Music className="size-1/3" />
    </div>
  );
}

export function TrackCard({
  track,
  playing,
  onPlay,
  onAdd,
}: {
  track: SampleTrack;
  playing: boolean;
  onPlay: () => void;
  onAdd: () => void;
}) {
  return (
    <article className="flex w-full items-center gap-4 rounded-lg border bg-card p-3 shadow-sm">
      <TrackCover track={track} className="size-16 shrink-0" />
      <div className="min-w-0 flex-1">
        {/* Titles wrap rather than being cut off: a track is chosen by its name. */}
        <h3 className="font-semibold leading-snug break-words">{track.title}</h3>
        <p className="text-sm break-words text-muted-foreground">{track.artist}</p>
        <p className="mt-1 text-sm font-semibold">${track.price}</p>
      </div>
      <div className="flex shrink-0 gap-2">
        <Button
          type="button"
          size="icon"
          variant="outline"
          className="size-9"
          aria-label={`${playing ? "Pause" : "Play"} ${track.title}`}
          onClick={onPlay}
        >
          {playing ? <Pause aria-hidden="true" /> : <Play aria-hidden="true" />}
        </Button>
        <Button type="button" size="icon" className="size-9" aria-label={`Add ${track.title} to cart`} onClick={onAdd}>
          <Plus aria-hidden="true" />
        </Button>
      </div>
    </article>
  );
}
