import { ROYALTY_FORMAT_NAMES, type RoyaltyImport } from "@shared/royalty-imports";
import { formatDayTime, viewerTimeZone } from "@shared/dates";
import { EmptyList } from "@/components/management";
import { StatusBadge } from "@/components/status-badge";
import { formatCount as count, formatReportAmount } from "../format";
import { ProgressBar } from "./progress-bar";
import { RemoveImport } from "./remove-import";

const VARIANTS = { processing: "secondary", done: "default", failed: "destructive" } as const;

/**
 * The imports, newest first: each one's status, its progress while it runs, what it added, and a
 * Remove button once it is finished or failed.
 */
export function ImportList({ imports }: { imports: RoyaltyImport[] }) {
  if (imports.length === 0)
    return (
      <EmptyList>
        <p>No report imported yet.</p>
      </EmptyList>
    );
  return (
    <ul className="grid gap-3" aria-label="Imports">
      {imports.map((item) => (
        <li key={item.id} className="grid gap-2 rounded-lg border bg-card p-4 text-sm">
          <div className="flex flex-wrap items-center justify-between gap-2">
            <span className="min-w-0 break-all font-medium">{item.fileName}</span>
            <StatusBadge status={item.status} variant={VARIANTS[item.status]} />
          </div>
          <p className="text-muted-foreground">
            {item.format ? ROYALTY_FORMAT_NAMES[item.format] : "Format not read yet"} ·{" "}
            <time dateTime={item.createdAt}>{formatDayTime(item.createdAt, viewerTimeZone())}</time>
          </p>
          {item.status === "processing" && (
            <ProgressBar label={`Read ${count(item.lines)} lines`} value={item.bytesRead} max={item.bytesTotal} />
          )}
          {item.status === "done" && (
            <p>
              {count(item.lines)} {item.lines === 1 ? "line" : "lines"}, {count(item.matched)} matched,{" "}
              {count(item.unmatched)} unmatched · total{" "}
              <span className="tabular-nums">{formatReportAmount(item.total)}</span>
            </p>
          )}
          {item.status === "failed" && item.error && <p className="text-destructive">{item.error}</p>}
          {item.status !== "processing" && <RemoveImport item={item} />}
        </li>
      ))}
    </ul>
  );
}
