import { Pencil, Percent } from "lucide-react";
import { formatDay } from "@shared/dates";
import type { Release } from "@shared/royalty-catalogue";
import { EmptyList } from "@/components/management";
import { Button } from "@/components/ui/button";

/** The catalogue's releases: title, artist, UPC, date and track count, with their actions. */
export function ReleaseList({
  releases,
  searching,
  onEdit,
  onSplits,
}: {
  releases: Release[];
  searching: boolean;
  onEdit: (release: Release) => void;
  onSplits: (release: Release) => void;
}) {
  if (releases.length === 0)
    return <EmptyList>{searching ? <p>No release matches this search.</p> : <p>No releases yet</p>}</EmptyList>;
  return (
    <ul className="grid gap-3" aria-label="Releases">
      {releases.map((release) => (
        <li key={release.id} className="flex flex-col gap-3 rounded-lg border bg-card p-4 sm:flex-row sm:items-center">
          <div className="min-w-0 flex-1">
            <p className="truncate font-semibold">{release.title}</p>
            <p className="truncate text-sm text-muted-foreground">{release.artist}</p>
            <dl className="mt-1 flex flex-wrap gap-x-4 gap-y-1 text-xs text-muted-foreground">
              <div>
                <dt className="inline">UPC </dt>
                <dd className="inline font-mono">{release.upc}</dd>
              </div>
              <div>
                <dt className="inline">Released </dt>
                <dd className="inline">
                  {release.releaseDate ? formatDay(release.releaseDate, null, "date") : "not set"}
                </dd>
              </div>
              <div>
                <dd className="inline">
                  {release.tracks.length.toLocaleString("en-US")} {release.tracks.length === 1 ? "track" : "tracks"}
                </dd>
              </div>
            </dl>
          </div>
          <div className="flex gap-2">
            <Button type="button" variant="outline" size="sm" onClick={() => onSplits(release)}>
              <Percent aria-hidden="true" />
              Splits <span className="sr-only">of {release.title}</span>
            </Button>
            <Button type="button" variant="outline" size="sm" onClick={() => onEdit(release)}>
              <Pencil aria-hidden="true" />
              Edit <span className="sr-only">{release.title}</span>
            </Button>
          </div>
        </li>
      ))}
    </ul>
  );
}
