import { useState, type FormEvent } from "react";
import { Download } from "lucide-react";
import { useParams } from "wouter";
import { LoadError, PageShell } from "@/components/page-shell";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Skeleton } from "@/components/ui/skeleton";
import { trackPath, useDownload, useResendDownloads, zipPath } from "@/features/store/api";
import { ReleaseCover } from "@/features/store/components/release-card";
import { FORMAT_NAMES } from "@/features/store/player-tracks";
import { ApiError } from "@/lib/api-request";
import { purchaseTitle } from "@shared/store.tracks";

/** Lost the e-mail? Every link of an address, sent again. */
function ResendForm() {
  const [email, setEmail] = useState("");
  const resend = useResendDownloads();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    resend.mutate(email);
  };
  return (
    <form onSubmit={submit} className="mt-8 grid max-w-md gap-2" aria-label="Send my links again">
      <Label htmlFor="resend-email">Send every download link of my e-mail again</Label>
      <div className="flex gap-2">
        <Input id="resend-email" type="email" required value={email} onChange={(e) => setEmail(e.target.value)} />
        <Button type="submit" variant="outline" disabled={resend.isPending}>
          Send
        </Button>
      </div>
      {resend.data && <p role="status">{resend.data.message}</p>}
    </form>
  );
}

/**
 * /downloads/{token}: the link a purchase e-mail carries; the release's cover (described, as on
 * its store page), then pick a format, get a zip (of the release, or of the one track bought).
 * No account needed.
 */
export function DownloadPage() {
  const { token = "" } = useParams<{ token: string }>();
  const query = useDownload(token);
  const status = query.error instanceof ApiError ? query.error.status : null;
  const download = query.data;

  return (
    <PageShell
      title={download ? `Download ${purchaseTitle(download.title, download.trackTitle)}` : "Your download"}
      description={download?.artist}
    >
      {status === 404 || status === 410 ? (
        <p className="rounded-lg border p-8 text-center">
          {status === 410
            ? "This purchase was refunded"
            : "This download link is not valid. Ask for your links again below."}
        </p>
      ) : query.isError ? (
        <LoadError what="this download" error={query.error} onRetry={() => void query.refetch()} />
      ) : !download ? (
        <Skeleton role="status" aria-label="Loading download" className="h-32 w-full" />
      ) : (
        <div className="grid gap-6 sm:grid-cols-[12rem_1fr]">
          <ReleaseCover release={{ ...download, id: download.releaseId }} className="aspect-square w-full max-w-48" />
          <div className="grid content-start gap-4">
            <p>
              {download.trackTitle === null
                ? "Choose a format: you get a zip of every track, or download single tracks below."
                : "Choose a format: you get a zip of this track, or the track's file alone below."}
            </p>
            <ul className="flex flex-wrap gap-3" aria-label="Formats">
              {download.formats.map((format) => (
                <li key={format}>
                  <Button asChild>
                    <a href={zipPath(token, format)} download>
                      <Download aria-hidden="true" />
                      {FORMAT_NAMES[format]}
                    </a>
                  </Button>
                </li>
              ))}
            </ul>
            <ol className="grid list-decimal gap-2 pl-6 text-sm text-muted-foreground" aria-label="Tracks">
              {download.tracks.map((track) => (
                <li key={track.position}>
                  <span className="flex flex-wrap items-center justify-between gap-x-3 gap-y-1">
                    <span className="text-foreground">{track.title}</span>
                    <span className="flex flex-wrap gap-x-3">
                      {download.formats.map((format) => (
                        <a
                          key={format}
                          href={trackPath(token, track.position, format)}
                          download
                          aria-label={`Download ${track.title} as ${FORMAT_NAMES[format]}`}
                          className="inline-flex min-h-11 items-center underline underline-offset-4 hover:text-foreground"
                        >
                          {FORMAT_NAMES[format]}
                        </a>
                      ))}
                    </span>
                  </span>
                </li>
              ))}
            </ol>
          </div>
        </div>
      )}
      <ResendForm />
    </PageShell>
  );
}
