import { PageLoading } from "@/components/page-loading";
import { LoadError } from "@/components/page-shell";
import { usePayees } from "../../payees/api";
import { useReleaseSplits, useSaveSplits } from "../api";
import { SplitsForm } from "./splits-form";
import { formatPercent } from "@shared/formats";

/**
 * A release's splits and each track's override: a track with splits of its own is paid by
 * those alone; saving a track with none makes it follow the release again.
 */
export function SplitsEditor({ releaseId }: { releaseId: string }) {
  const splits = useReleaseSplits(releaseId);
  const payees = usePayees("");
  const save = useSaveSplits(releaseId);

  if (splits.isPending || payees.isPending) return <PageLoading label="Loading splits..." className="min-h-40" />;
  if (splits.isError) return <LoadError inline what="the splits" onRetry={() => void splits.refetch()} />;
  if (payees.isError) return <LoadError inline what="the payees" onRetry={() => void payees.refetch()} />;
  if (payees.data.length === 0)
    return (
      <p className="text-sm text-muted-foreground">
        Add payees on the Payees page first; then split this release between them.
      </p>
    );
  const data = splits.data;

  return (
    <div className="grid gap-6">
      <SplitsForm
        // Keyed by what is stored, so a save shows the stored (normalised) shares.
        key={JSON.stringify(data.splits)}
        legend="Release splits"
        initial={data.splits}
        payees={payees.data}
        pending={save.isPending}
        emptyNote="No splits: the label keeps all of this release."
        onSave={(body) => save.mutateAsync({ trackId: null, body })}
      />
      {data.tracks.map((track) => (
        <details key={track.trackId} className="rounded-md border p-3" open={track.splits.length > 0}>
          <summary className="cursor-pointer text-sm">
            <span className="font-medium">{track.title}</span>{" "}
            <span className="text-muted-foreground">
              ({track.isrc}){" "}
              {track.splits.length > 0 ? `own splits, label ${formatPercent(track.labelShare)}` : "follows the release"}
            </span>
          </summary>
          <div className="mt-3">
            <SplitsForm
              key={JSON.stringify(track.splits)}
              legend={`Splits of ${track.title}`}
              initial={track.splits}
              payees={payees.data}
              pending={save.isPending}
              emptyNote="No splits of its own: this track follows the release's."
              onSave={(body) => save.mutateAsync({ trackId: track.trackId, body })}
            />
          </div>
        </details>
      ))}
    </div>
  );
}
