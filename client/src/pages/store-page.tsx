import { useState } from "react";
import { Search, ShoppingCart } from "lucide-react";
import { STORE_CART_BADGE } from "@shared/constants";
import { LoadError, PageShell } from "@/components/page-shell";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Skeleton } from "@/components/ui/skeleton";
import { BackLink } from "@/features/demo/components/back-link";
import { DemoNotice } from "@/features/demo/components/demo-notice";
import { PLAYER_BAR_CLEARANCE, PlayerBarOf } from "@/features/demo/components/store/player-bar";
import { TrackCard } from "@/features/demo/components/store/track-card";
import { useLocalPlayer } from "@/features/demo/components/store/use-local-player";
import { SAMPLE_TRACKS, filterTracks } from "@/features/demo/data/tracks";
import { previewToast } from "@/features/demo/preview";
import { StoreCart } from "@/features/shop/cart/components/store-cart-button";
import { useStoreReleases } from "@/features/store/api";
import { ReleaseCard } from "@/features/store/components/release-card";
import { usePreviewPlayer } from "@/features/store/components/use-preview-player";
import { playerTracks } from "@/features/store/player-tracks";

function SearchBox({ value, onChange }: { value: string; onChange: (value: string) => void }) {
  return (
    <div className="relative mb-6 max-w-md">
      <Search
        aria-hidden="true"
        className="pointer-events-none absolute left-3 top-1/2 size-4 -translate-y-1/2 text-muted-foreground"
      />
      <Input
        type="search"
        aria-label="Search tracks"
        placeholder="Search tracks or artists"
        value={value}
        onChange={(e) => onChange(e.target.value)}
        className="pl-9"
      />
    </div>
  );
}

/** Until the label publishes a release: the six sample tracks, as the store has always shown them. */
function SampleStore({ search, setSearch }: { search: string; setSearch: (value: string) => void }) {
  const player = useLocalPlayer(SAMPLE_TRACKS);
  const tracks = filterTracks(SAMPLE_TRACKS, search);
  return (
    <>
      <DemoNotice>
        These are sample tracks. Playing, adding to the cart and checkout only happen in this page.
      </DemoNotice>
      <SearchBox value={search} onChange={setSearch} />
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
      <PlayerBarOf player={player} />
    </>
  );
}

/** The label's published releases, searched by title, artist or genre, their previews in the player bar. */
function ReleaseStore({ search, setSearch }: { search: string; setSearch: (value: string) => void }) {
  const all = useStoreReleases("");
  const found = useStoreReleases(search);
  const releases = found.data ?? [];
  const player = usePreviewPlayer(playerTracks(all.data ?? []));
  return (
    <>
      <SearchBox value={search} onChange={setSearch} />
      {releases.length === 0 ? (
        <p className="rounded-lg border border-dashed p-8 text-center text-muted-foreground">
          No releases match "{search.trim()}".
        </p>
      ) : (
        <ul className="grid gap-3 md:grid-cols-2 2xl:grid-cols-3" aria-label="Releases">
          {releases.map((release) => {
            const first = release.tracks.find((t) => t.previewUrl);
            return (
              <li key={release.id} className="flex min-w-0">
                <ReleaseCard
                  release={release}
                  playing={player.playing && player.track?.id === first?.id}
                  onPlay={() => first && player.playTrack(first.id)}
                />
              </li>
            );
          })}
        </ul>
      )}
      <PlayerBarOf player={player} />
    </>
  );
}

/** /store (also /dashboard/library): the Music Store. Sample tracks until the label publishes a release. */
export function StorePage() {
  const [search, setSearch] = useState("");
  const published = useStoreReleases("");

  // While nothing is published the page is the specification's sample, its badge included;
  // the label's own store shows the shop's cart, downloads and goods alike.
  const cart =
    published.data?.length === 0 ? (
      <Button type="button" variant="outline" className="relative" onClick={() => previewToast("Checkout")}>
        <ShoppingCart aria-hidden="true" />
        {/* Named by what it shows ("Cart 3"), then "items" for screen readers. */}
        Cart{" "}
        <span className="absolute -right-2 -top-2 flex size-5 items-center justify-center rounded-full bg-primary text-xs font-bold text-primary-foreground">
          {STORE_CART_BADGE}
        </span>{" "}
        <span className="sr-only">items</span>
      </Button>
    ) : (
      <StoreCart />
    );

  return (
    <PageShell
      back={<BackLink />}
      title="Music Store"
      description="Stream and buy music from the label's artists"
      actions={cart}
      className={PLAYER_BAR_CLEARANCE}
    >
      {published.isError ? (
        <LoadError what="the store" error={published.error} onRetry={() => void published.refetch()} />
      ) : !published.data ? (
        <div role="status" aria-label="Loading the store" className="grid gap-3 md:grid-cols-2">
          <Skeleton className="h-24 w-full" />
          <Skeleton className="h-24 w-full" />
        </div>
      ) : published.data.length === 0 ? (
        <SampleStore search={search} setSearch={setSearch} />
      ) : (
        <ReleaseStore search={search} setSearch={setSearch} />
      )}
    </PageShell>
  );
}
