import { Music } from "lucide-react";
import { formatMoney } from "@shared/money";
import { Badge } from "@/components/ui/badge";
import { cn } from "@/lib/utils";
import { cart } from "../cart-store";
import { RemoveButton } from "./remove-button";
import { downloadLineName, type DownloadLine } from "../download-lines";

/**
 * The release's cover beside a download's title, or a plain placeholder without one. The title
 * and artist are read right after it, so the image says nothing itself (alt="").
 */
function DownloadCover({ line }: { line: DownloadLine }) {
  if (line.coverUrl)
    return <img src={line.coverUrl} alt="" loading="lazy" className="size-12 shrink-0 rounded-md object-cover" />;
  return (
    <div
      aria-hidden="true"
      className="flex size-12 shrink-0 items-center justify-center rounded-md bg-muted text-muted-foreground"
    >
      <Music className="size-5" />
    </div>
  );
}

/** "Remove", named with the download ("Remove Low Tide — from Glass Harbour"). */
export function RemoveDownloadButton({ line }: { line: DownloadLine }) {
  return <RemoveButton name={downloadLineName(line)} onRemove={() => cart.removeDownload(line)} />;
}

/**
 * A download in the cart's lists (the drawer, the checkout): cover, title, artist, "Download",
 * its price and Remove, with no quantity (a release or track is bought once). `error` is the
 * server's refusal of this line ("The minimum for this release is $5.00"), said beside it.
 */
export function DownloadLineItem({
  line,
  error,
  className,
}: {
  line: DownloadLine;
  error?: string | null;
  className?: string;
}) {
  return (
    <li className={cn("grid gap-2 border-b", className)}>
      <div className="flex items-start gap-3">
        <DownloadCover line={line} />
        <div className="min-w-0 flex-1">
          <p className="font-medium break-words">{downloadLineName(line)}</p>
          {line.artist && <p className="text-sm break-words text-muted-foreground">{line.artist}</p>}
          <Badge variant="secondary" className="mt-1">
            Download
          </Badge>
        </div>
        <p className="tabular-nums">{formatMoney(line.price)}</p>
      </div>
      <div className="flex justify-end">
        <RemoveDownloadButton line={line} />
      </div>
      {error && (
        <p role="alert" className="text-sm font-medium text-destructive">
          {error}
        </p>
      )}
    </li>
  );
}
