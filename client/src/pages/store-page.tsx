import { useState } from "react";
import { Search, ShoppingCart } from "lucide-react";
import { STORE_CART_BADGE } from "@shared/constants";
import { PageShell } from "@/components/page-shell";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { BackLink } from "@/features/demo/components/back-link";
import { DemoNotice } from "@/features/demo/components/demo-notice";
import { PLAYER_BAR_CLEARANCE, PlayerBar } from "@/features/demo/components/store/player-bar";
import { TrackCard } from "@/features/demo/components/store/track-card";
import { useLocalPlayer } from "@/features/demo/components/store/use-local-player";
import { SAMPLE_TRACKS, filterTracks } from "@/features/demo/data/tracks";
import { previewToast } from "@/features/demo/preview";

/** /store (also /dashboard/library): the Music Store, demonstration only. */
export function StorePage() {
  const [search, setSearch] = useState("");
  const player = useLocalPlayer(SAMPLE_TRACKS);
  const tracks = filterTracks(SAMPLE_TRACKS, search);

  const cart = (
    <Button type="button" variant="outline" className="relative" onClick={() => previewToast("Checkout")}>
      <ShoppingCart aria-hidden="true" />
      {/* Named by what it shows ("Cart 3"), then "items" for screen readers. */}
      Cart{" "}
      <span className="absolute -right-2 -top-2 flex size-5 items-center justify-center rounded-full bg-primary text-xs font-bold text-primary-foreground">
        {STORE_CART_BADGE}
      </span>{" "}
      <span className="sr-only">items</span>
    </Button>
  );

  return (
    <PageShell
      back={<BackLink />}
      title="Music Store"
      description="Stream and buy music from the label's artists"
      actions={cart}
      className={PLAYER_BAR_CLEARANCE}
    >
      <DemoNotice>
        These are sample tracks. Playing, adding to the cart and checkout only happen in this page.
      </DemoNotice>
      <div className="relative mb-6 max-w-md">
        <Search
          aria-hidden="true"
          className="pointer-events-none absolute left-3 top-1/2 size-4 -translate-y-1/2 text-muted-foreground"
        />
        <Input
          type="search"
          aria-label="Search tracks"
          placeholder="Search tracks or artists"
          value={search}
          onChange={(e) => setSearch(e.target.value)}
          className="pl-9"
        />
      </div>
      {tracks.length === 0 ? (
        <p className="rounded-lg border border-dashed p-8 text-center text-muted-foreground">
          No tracks match "{search.trim()}".
        </p>
      ) : (
        <ul className="grid gap-3 md:grid-cols-2 2xl:grid-cols-3" aria-label="Tracks">
          {tracks.map((track) => (
            <li key={track.id} className="flex min-w-0">
              <TrackCard
                track={track}
                playing={player.playing && player.track.id === track.id}
                onPlay={() => {
                  console.log("play track", track.id);
                  player.playTrack(track.id);
                }}
                onAdd={() => {
                  console.log("add to cart", track.id);
                  previewToast("Adding to the cart");
                }}
              />
            </li>
          ))}
        </ul>
      )}
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
    </PageShell>
  );
}
