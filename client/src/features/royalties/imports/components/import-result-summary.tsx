import { ROYALTY_FORMAT_NAMES, type ImportResult } from "@shared/royalty-imports";

import { formatCount as count, formatReportAmount } from "../format";

/** What an import added: its format, lines, how many matched the catalogue, and their total. */
export function ImportResultSummary({ result }: { result: ImportResult }) {
  return (
    <div className="rounded-lg border bg-card p-4 text-sm">
      <p className="font-medium">Imported a {ROYALTY_FORMAT_NAMES[result.format]} report</p>
      <dl className="mt-2 grid grid-cols-2 gap-x-4 gap-y-1 sm:grid-cols-4">
        <dt className="text-muted-foreground">Lines</dt>
        <dd>{count(result.lines)}</dd>
        <dt className="text-muted-foreground">Matched</dt>
        <dd>{count(result.matched)}</dd>
        <dt className="text-muted-foreground">Unmatched</dt>
        <dd>{count(result.unmatched)}</dd>
        <dt className="text-muted-foreground">Total</dt>
        <dd className="break-all tabular-nums">{formatReportAmount(result.total)}</dd>
      </dl>
    </div>
  );
}
