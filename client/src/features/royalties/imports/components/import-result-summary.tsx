import { ROYALTY_FORMAT_NAMES, type ImportResult } from "@shared/royalty-imports";
import { formatMoneyToCent } from "@shared/money";
import { useRoyaltyImports } from "../api";
import { formatCount as count } from "../format";
import { UnmatchedLink } from "./unmatched-link";

/**
 * What an import added: its format, lines, how many matched the catalogue, and their total to the
 * cent. The counts are the imports list's, so they follow the codes assigned since.
 */
export function ImportResultSummary({ result }: { result: ImportResult }) {
  const listed = useRoyaltyImports().data?.find((item) => item.id === result.id);
  const matched = listed?.matched ?? result.matched;
  const unmatched = listed?.unmatched ?? result.unmatched;
  return (
    <div className="rounded-lg border bg-card p-4 text-sm">
      <p className="font-medium">Imported a {ROYALTY_FORMAT_NAMES[result.format]} report</p>
      <dl className="mt-2 grid grid-cols-2 gap-x-4 gap-y-1 sm:grid-cols-4">
        <dt className="text-muted-foreground">Lines</dt>
        <dd>{count(result.lines)}</dd>
        <dt className="text-muted-foreground">Matched</dt>
        <dd>{count(matched)}</dd>
        <dt className="text-muted-foreground">Unmatched</dt>
        <dd>
          <UnmatchedLink lines={unmatched} bare />
        </dd>
        <dt className="text-muted-foreground">Total</dt>
        <dd className="tabular-nums">{formatMoneyToCent(result.total)}</dd>
      </dl>
    </div>
  );
}
