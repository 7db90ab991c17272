import type { StoreListing } from "@shared/store";
import { Badge } from "@/components/ui/badge";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { useUploadMaster } from "../api";
import { durationText } from "../player-tracks";

const STATUS_WORDS: Record<string, string> = {
  uploading: "Uploading",
  pending: "Making MP3, FLAC and preview…",
  ready: "Ready",
  failed: "Failed",
};

/** Each track's audio: its status (pending, ready, failed with the reason) and a master to upload. */
export function TrackAudioList({ releaseId, tracks }: { releaseId: string; tracks: StoreListing["tracks"] }) {
  const upload = useUploadMaster(releaseId);
  return (
    <ol className="divide-y rounded-lg border" aria-label="Track audio">
      {tracks.map((track) => (
        <li key={track.trackId} className="grid gap-2 p-3 sm:grid-cols-[1fr_auto] sm:items-center">
          <div className="min-w-0">
            <p className="font-medium break-words">
              {track.position + 1}. {track.title}{" "}
              <span className="text-sm text-muted-foreground">{durationText(track.durationSeconds)}</span>
            </p>
            <Badge variant={track.status === "failed" ? "destructive" : "secondary"}>
              {track.status ? STATUS_WORDS[track.status] : "No master yet"}
            </Badge>
            {track.error && <p className="mt-1 text-sm text-destructive">{track.error}</p>}
          </div>
          <div className="grid gap-1 text-sm">
            <Label htmlFor={`master-${track.trackId}`}>Master (WAV or FLAC, up to 500 MB)</Label>
            <Input
              id={`master-${track.trackId}`}
              type="file"
              accept="audio/wav,audio/x-wav,audio/flac,.wav,.flac"
              disabled={upload.isPending}
              onChange={(e) => {
                const file = e.target.files?.[0];
                if (file) upload.mutate({ trackId: track.trackId, file });
                e.target.value = "";
              }}
            />
          </div>
        </li>
      ))}
    </ol>
  );
}
