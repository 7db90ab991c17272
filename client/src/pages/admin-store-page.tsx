import { useState } from "react";
import { LoadError, PageShell } from "@/components/page-shell";
import { Button } from "@/components/ui/button";
import { Skeleton } from "@/components/ui/skeleton";
import { useCatalogueReleases, useStoreListing } from "@/features/store/api";
import { CodesForm } from "@/features/store/components/codes-form";
import { DigitalTaxSection } from "@/features/store/components/digital-tax-rates-form";
import { ListingForm } from "@/features/store/components/listing-form";
import { SalesList } from "@/features/store/components/sales-list";
import { TrackAudioList } from "@/features/store/components/track-audio-list";

function ReleaseSale({ releaseId }: { releaseId: string }) {
  const query = useStoreListing(releaseId);
  if (query.isError)
    return <LoadError what="this release's sale" error={query.error} onRetry={() => void query.refetch()} />;
  if (!query.data) return <Skeleton role="status" aria-label="Loading the sale" className="h-40 w-full" />;
  return (
    <div className="grid gap-6">
      <TrackAudioList releaseId={releaseId} tracks={query.data.tracks} />
      <ListingForm key={releaseId} releaseId={releaseId} listing={query.data.listing} />
      <CodesForm key={`codes-${releaseId}`} releaseId={releaseId} />
      <SalesList releaseId={releaseId} />
    </div>
  );
}

/**
 * /admin/store: put a catalogue release on sale, upload its masters and watch them being made,
 * and see its card sales (refunding one in full or in part); below, the tax on downloads by the
 * buyer's country, which the cart's checkout charges.
 */
export function AdminStorePage() {
  const releases = useCatalogueReleases();
  const [openId, setOpenId] = useState<string | null>(null);
  return (
    <PageShell
      title="Music Store Sales"
      description="Put catalogue releases on sale, upload their masters, refund sales and set the tax on downloads"
    >
      <div className="grid gap-10">
        {releases.isError ? (
          <LoadError what="the catalogue" error={releases.error} onRetry={() => void releases.refetch()} />
        ) : !releases.data ? (
          <Skeleton role="status" aria-label="Loading the catalogue" className="h-24 w-full" />
        ) : releases.data.length === 0 ? (
          <p className="text-muted-foreground">Add a release to the catalogue first (Royalty Admin, Catalogue).</p>
        ) : (
          <div className="grid gap-6 md:grid-cols-[16rem_1fr]">
            <ul className="grid content-start gap-1" aria-label="Releases">
              {releases.data.map((release) => (
                <li key={release.id}>
                  <Button
                    type="button"
                    variant={openId === release.id ? "secondary" : "ghost"}
                    className="h-auto w-full justify-start whitespace-normal text-left"
                    onClick={() => setOpenId(release.id)}
                  >
                    {release.title} — {release.artist}
                  </Button>
                </li>
              ))}
            </ul>
            {openId ? <ReleaseSale releaseId={openId} /> : <p className="text-muted-foreground">Choose a release.</p>}
          </div>
        )}
        <DigitalTaxSection />
      </div>
    </PageShell>
  );
}
