import { Link } from "wouter";
import { LoadError, PageShell } from "@/components/page-shell";
import { Button } from "@/components/ui/button";
import { Skeleton } from "@/components/ui/skeleton";
import { useLibrary, zipPath } from "@/features/store/api";
import { ReleaseCover } from "@/features/store/components/release-card";
import { FORMAT_NAMES } from "@/features/store/player-tracks";
import { purchaseTitle } from "@shared/store.tracks";

/**
 * /library: everything the member bought, downloaded free or redeemed with their e-mail, each
 * with its release's cover (or its gradient) and its downloads.
 */
export function LibraryPage() {
  const query = useLibrary();
  return (
    <PageShell title="Your Music Library" description="Music bought, downloaded or redeemed with your e-mail">
      {query.isError ? (
        <LoadError what="your library" error={query.error} onRetry={() => void query.refetch()} />
      ) : !query.data ? (
        <Skeleton role="status" aria-label="Loading your library" className="h-24 w-full" />
      ) : query.data.length === 0 ? (
        <p className="text-muted-foreground">
          Nothing yet. Music you get from the <Link href="/store">store</Link> or with a{" "}
          <Link href="/redeem">download code</Link> shows here.
        </p>
      ) : (
        <ul className="grid gap-3" aria-label="Your music">
          {query.data.map((item) => {
            const token = item.downloadPath.split("/").pop() ?? "";
            const title = purchaseTitle(item.title, item.trackTitle);
            return (
              <li key={item.downloadPath} className="flex items-start gap-4 rounded-lg border p-4">
                {/* Its title and artist are read right beside it: the cover adds no words. */}
                <ReleaseCover release={{ ...item, id: item.releaseId }} decorative className="size-16 shrink-0" />
                <div className="grid min-w-0 flex-1 gap-2">
                  <p className="font-semibold break-words">
                    {title} <span className="font-normal text-muted-foreground">— {item.artist}</span>
                  </p>
                  <div className="flex flex-wrap gap-2">
                    {item.formats.map((format) => (
                      <Button key={format} asChild size="sm" variant="outline">
                        <a
                          href={zipPath(token, format)}
                          download
                          aria-label={`Download ${title} as ${FORMAT_NAMES[format]}`}
                        >
                          {FORMAT_NAMES[format]}
                        </a>
                      </Button>
                    ))}
                  </div>
                </div>
              </li>
            );
          })}
        </ul>
      )}
    </PageShell>
  );
}
