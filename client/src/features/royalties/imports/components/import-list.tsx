import { ROYALTY_FORMAT_NAMES, type RoyaltyImport } from "@shared/royalty-imports";
import { formatDayTime, viewerTimeZone } from "@shared/dates";
import { EmptyList } from "@/components/management";
import { StatusBadge } from "@/components/status-badge";
import { formatMoneyToCent } from "@shared/money";
import { formatCount as count } from "../format";
import { DismissImport } from "./dismiss-import";
import { ProgressBar } from "./progress-bar";
import { RemoveImport } from "./remove-import";
import { UnmatchedLink } from "./unmatched-link";

const VARIANTS = { processing: "secondary", done: "default", failed: "destructive" } as const;

/** What an import's header row was read as: its format's name once recognised. */
function formatOf(item: RoyaltyImport): string {
  if (item.format) return `${ROYALTY_FORMAT_NAMES[item.format]} report`;
  return item.status === "processing" ? "Format not read yet" : "Format not recognised";
}

/**
 * The imports, newest first: each one's status, its progress while it runs, what it added (its
 * unmatched lines a link to the Unmatched page, the count kept as codes are assigned), a Remove
 * button once it is finished, and a Dismiss button on a failed one, which added nothing.
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
            {formatOf(item)} · <time dateTime={item.createdAt}>{formatDayTime(item.createdAt, viewerTimeZone())}</time>
          </p>
          {item.status === "processing" && (
            <ProgressBar label={`Read ${count(item.lines)} lines`} value={item.bytesRead} max={item.bytesTotal} />
          )}
          {item.status === "done" && (
            <p>
              {count(item.lines)} {item.lines === 1 ? "line" : "lines"}, {count(item.matched)} matched,{" "}
              <UnmatchedLink lines={item.unmatched} /> · total{" "}
              <span className="tabular-nums">{formatMoneyToCent(item.total)}</span>
            </p>
          )}
          {item.status === "failed" && (
            <p className="text-destructive">Not imported: {item.error ?? "the import stopped; nothing was added"}</p>
          )}
          {item.status === "done" && <RemoveImport item={item} />}
          {item.status === "failed" && <DismissImport item={item} />}
        </li>
      ))}
    </ul>
  );
}
