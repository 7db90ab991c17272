import { ArrowLeft, Pause, Play } from "lucide-react";
import { Link, useParams } from "wouter";
import { LoadError, PageShell } from "@/components/page-shell";
import { Button } from "@/components/ui/button";
import { Skeleton } from "@/components/ui/skeleton";
import { PLAYER_BAR_CLEARANCE, PlayerBarOf } from "@/features/demo/components/store/player-bar";
import { cart } from "@/features/shop/cart/cart-store";
import { StoreCart } from "@/features/shop/cart/components/store-cart-button";
import { downloadLineOf } from "@/features/shop/cart/download-lines";
import { useStoreRelease } from "@/features/store/api";
import { TrackAddButton, type AddToCart } from "@/features/store/components/add-to-cart";
import { BuyForm } from "@/features/store/components/buy-form";
import { ReleaseCover } from "@/features/store/components/release-card";
import { TrackBuyButton } from "@/features/store/components/track-buy";
import { usePreviewPlayer } from "@/features/store/components/use-preview-player";
import { durationText, FORMAT_NAMES, playerTracks, priceText } from "@/features/store/player-tracks";
import { ApiError } from "@/lib/api-request";
import { formatMoney } from "@shared/money";

function BackToStore() {
  return (
    <Button asChild variant="ghost" size="sm" className="-ml-2">
      <Link href="/store">
        <ArrowLeft aria-hidden="true" />
        Back
      </Link>
    </Button>
  );
}

/**
 * /store/{id}: a release on sale, its tracks' previews, the formats it comes in and how to get
 * it: the whole release, or (when it has a track price) each track on its own, bought at once or
 * put in the shop's cart (its button in the header) to pay for with anything else in it.
 */
export function StoreReleasePage() {
  const { id = "" } = useParams<{ id: string }>();
  const query = useStoreRelease(id);
  const release = query.data;
  const player = usePreviewPlayer(release ? playerTracks([release]) : []);
  const notFound = query.error instanceof ApiError && query.error.status === 404;
  const addToCart: AddToCart = (track, amount) => {
    if (release) cart.addDownload(downloadLineOf(release, track, amount));
  };

  return (
    <PageShell
      back={<BackToStore />}
      title={notFound ? "Release not found" : (release?.title ?? "Music Store")}
      description={release ? `${release.artist}${release.genre ? ` · ${release.genre}` : ""}` : undefined}
      actions={<StoreCart />}
      className={PLAYER_BAR_CLEARANCE}
    >
      {notFound ? (
        <p className="rounded-lg border p-8 text-center text-muted-foreground">This release is not for sale.</p>
      ) : query.isError ? (
        <LoadError what="this release" error={query.error} onRetry={() => void query.refetch()} />
      ) : !release ? (
        <div role="status" aria-label="Loading release" className="grid gap-3">
          <Skeleton className="h-40 w-40" />
          <Skeleton className="h-24 w-full" />
        </div>
      ) : (
        <div className="grid gap-8 md:grid-cols-[16rem_1fr]">
          <div className="grid content-start gap-3">
            <ReleaseCover release={release} className="aspect-square w-full max-w-64" />
            <p className="text-lg font-semibold">{priceText(release)}</p>
            <p className="text-sm text-muted-foreground">
              Download as {release.formats.map((f) => FORMAT_NAMES[f]).join(", ")} (a zip of every track)
            </p>
            {release.trackPrice && (
              <p className="text-sm text-muted-foreground">Single tracks {formatMoney(release.trackPrice)} each</p>
            )}
          </div>
          <div className="grid content-start gap-6">
            <ol className="divide-y rounded-lg border" aria-label="Tracks">
              {release.tracks.map((track, index) => {
                const playing = player.playing && player.track?.id === track.id;
                return (
                  <li key={track.id} className="flex items-center gap-3 p-3">
                    <Button
                      type="button"
                      size="icon"
                      variant="outline"
                      className="size-9"
                      disabled={!track.previewUrl}
                      aria-label={`${playing ? "Pause" : "Play"} ${track.title}`}
                      onClick={() => player.playTrack(track.id)}
                    >
                      {playing ? <Pause aria-hidden="true" /> : <Play aria-hidden="true" />}
                    </Button>
                    <span className="w-6 text-sm tabular-nums text-muted-foreground">{index + 1}</span>
                    <span className="min-w-0 flex-1 break-words">{track.title}</span>
                    <span className="text-sm tabular-nums text-muted-foreground">
                      {durationText(track.durationSeconds)}
                    </span>
                    <div className="flex shrink-0 gap-2">
                      <TrackBuyButton release={release} track={track} />
                      {release.trackPrice && <TrackAddButton track={track} onAdd={addToCart} />}
                    </div>
                  </li>
                );
              })}
            </ol>
            <BuyForm release={release} onAddToCart={addToCart} />
          </div>
        </div>
      )}
      <PlayerBarOf player={player} />
    </PageShell>
  );
}
