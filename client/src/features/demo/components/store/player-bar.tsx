import { Pause, Play, SkipBack, SkipForward, Volume2 } from "lucide-react";
import { Button } from "@/components/ui/button";
import type { SampleTrack } from "../../data/tracks";
import { TrackCover } from "./track-card";

const RANGE = "h-1.5 w-full cursor-pointer accent-primary";

/**
 * Pinned to the bottom of the viewport whatever the page's length. From 768 px it starts
 * where the dashboard's sidebar ends (full or collapsed to icons), so it never covers it.
 * The page leaves room for it with PLAYER_BAR_CLEARANCE.
 */
const PLAYER_POSITION =
  "fixed inset-x-0 bottom-0 z-20 border-t bg-background/95 backdrop-blur transition-[left] duration-200 ease-linear supports-[backdrop-filter]:bg-background/85 md:left-(--sidebar-width) md:group-has-[[data-collapsible=icon]]/sidebar-wrapper:left-(--sidebar-width-icon)";

/** Bottom padding for the page above the bar: the bar is two rows tall on phones, one from 768 px. */
export const PLAYER_BAR_CLEARANCE = "pb-40 md:pb-28";

function clock(seconds: number) {
  return `${Math.floor(seconds / 60)}:${String(Math.floor(seconds % 60)).padStart(2, "0")}`;
}

/**
 * The store's bottom player bar: the playing track's cover (its gradient without one),
 * play/pause, previous/next, progress and volume.
 */
export function PlayerBar({
  track,
  playing,
  position,
  volume,
  onTogglePlay,
  onPrevious,
  onNext,
  onSeek,
  onVolume,
}: {
  /** A sample track, or a release's track with its cover image (`coverUrl`) when it has one. */
  track: SampleTrack & { coverUrl?: string | null };
  playing: boolean;
  position: number;
  volume: number;
  onTogglePlay: () => void;
  onPrevious: () => void;
  onNext: () => void;
  onSeek: (seconds: number) => void;
  onVolume: (volume: number) => void;
}) {
  return (
    <section aria-label="Player" data-testid="player-bar" className={PLAYER_POSITION}>
      <div className="mx-auto grid max-w-6xl grid-cols-[1fr_auto] items-center gap-x-4 gap-y-2 px-4 py-3 md:grid-cols-[14rem_1fr_10rem]">
        <div className="flex min-w-0 items-center gap-3">
          {track.coverUrl ? (
            // The title and artist are read right beside it: the image adds no words.
            <img src={track.coverUrl} alt="" className="size-10 shrink-0 rounded-md object-cover" />
          ) : (
            <TrackCover track={track} className="size-10 shrink-0" />
          )}
          <div className="min-w-0">
            <p className="truncate text-sm font-medium">{track.title}</p>
            <p className="truncate text-xs text-muted-foreground">{track.artist}</p>
          </div>
        </div>
        <div className="col-span-2 row-start-2 flex flex-col items-center gap-1 md:col-span-1 md:row-start-auto">
          <div className="flex items-center gap-1">
            <Button
              type="button"
              variant="ghost"
              size="icon"
              className="size-9"
              aria-label="Previous track"
              onClick={onPrevious}
            >
              <SkipBack aria-hidden="true" />
            </Button>
            <Button
              type="button"
              size="icon"
              className="size-10 rounded-full"
              aria-label={playing ? "Pause" : "Play"}
              onClick={onTogglePlay}
            >
              {playing ? <Pause aria-hidden="true" /> : <Play aria-hidden="true" />}
            </Button>
            <Button
              type="button"
              variant="ghost"
              size="icon"
              className="size-9"
              aria-label="Next track"
              onClick={onNext}
            >
              <SkipForward aria-hidden="true" />
            </Button>
          </div>
          <div className="flex w-full max-w-md items-center gap-2 text-xs tabular-nums text-muted-foreground">
            <span>{clock(position)}</span>
            <input
              type="range"
              aria-label="Progress"
              min={0}
              max={track.length}
              value={position}
              onChange={(e) => onSeek(Number(e.target.value))}
              className={RANGE}
            />
            <span>{clock(track.length)}</span>
          </div>
        </div>
        <div className="col-start-2 row-start-1 flex items-center gap-2 md:col-start-3">
          <Volume2 aria-hidden="true" className="size-4 shrink-0 text-muted-foreground" />
          <input
            type="range"
            aria-label="Volume"
            min={0}
            max={100}
            value={volume}
            onChange={(e) => onVolume(Number(e.target.value))}
            className={`${RANGE} w-20 md:w-full`}
          />
        </div>
      </div>
    </section>
  );
}

/** What either store player hands the bar: the sample tracks' (useLocalPlayer) or the previews' (usePreviewPlayer). */
export interface PlayerState {
  track: (SampleTrack & { coverUrl?: string | null }) | undefined;
  playing: boolean;
  position: number;
  volume: number;
  togglePlay: () => void;
  previous: () => void;
  next: () => void;
  seek: (seconds: number) => void;
  setVolume: (volume: number) => void;
}

/** The bar driven by a player's state; nothing while it has no track. */
export function PlayerBarOf({ player }: { player: PlayerState }) {
  if (!player.track) return null;
  return (
    <PlayerBar
      track={player.track}
      playing={player.playing}
      position={player.position}
      volume={player.volume}
      onTogglePlay={player.togglePlay}
      onPrevious={player.previous}
      onNext={player.next}
      onSeek={player.seek}
      onVolume={player.setVolume}
    />
  );
}
