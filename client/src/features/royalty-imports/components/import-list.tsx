import { ROYALTY_FORMAT_NAMES, type RoyaltyImport } from "@shared/royalty-imports";
import { formatDayTime, viewerTimeZone } from "@shared/dates";
import { StatusBadge } from "@/components/status-badge";
import { ProgressBar } from "./progress-bar";

const VARIANTS = { processing: "secondary", done: "default", failed: "destructive" } as const;
const count = (n: number) => n.toLocaleString("en-US");

/** The imports, newest first: each one's status, its progress while it runs, and what it added. */
export function ImportList({ imports }: { imports: RoyaltyImport[] }) {
  if (imports.length === 0) return <p className="text-muted-foreground">No report imported yet.</p>;
  return (
    <ul className="grid gap-3" aria-label="Imports">
      {imports.map((item) => (
        <li key={item.id} className="grid gap-2 rounded-md border p-3 text-sm">
          <div className="flex flex-wrap items-center justify-between gap-2">
            <span className="min-w-0 break-all font-medium">{item.fileName}</span>
            <StatusBadge status={item.status} variant={VARIANTS[item.status]} />
          </div>
          <p className="text-muted-foreground">
            {item.format ? ROYALTY_FORMAT_NAMES[item.format] : "Format not read yet"} ·{" "}
            {formatDayTime(item.createdAt, viewerTimeZone())}
          </p>
          {item.status === "processing" && (
            <ProgressBar label={`Read ${count(item.lines)} lines`} value={item.bytesRead} max={item.bytesTotal} />
          )}
          {item.status === "done" && (
            <p>
              {count(item.lines)} lines, {count(item.matched)} matched, {count(item.unmatched)} unmatched; total{" "}
              <span className="tabular-nums">{item.total}</span> USD
            </p>
          )}
          {item.status === "failed" && item.error && <p className="text-destructive">{item.error}</p>}
        </li>
      ))}
    </ul>
  );
}
