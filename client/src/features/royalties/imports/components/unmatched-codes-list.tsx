import type { UnmatchedCode } from "@shared/royalty-imports";
import { formatDay, formatDayRange } from "@shared/dates";
import { EmptyList } from "@/components/management";
import { formatMoneyToCent } from "@shared/money";
import { formatCount as count } from "../format";
import { AssignCodeDialog } from "./assign-code-dialog";

/**
 * The codes distributors reported that no track or release has, one row per code (an ISRC, else
 * a UPC) with its lines' count and sum to the cent, largest amount first.
 */
export function UnmatchedCodesList({ codes }: { codes: UnmatchedCode[] }) {
  if (codes.length === 0)
    return (
      <EmptyList>
        <p>Every line is matched.</p>
      </EmptyList>
    );
  return (
    <ul className="grid gap-3" aria-label="Unmatched codes">
      {codes.map((code) => (
        <li
          key={`${code.isrc}:${code.upc}`}
          className="grid gap-3 rounded-lg border bg-card p-4 text-sm sm:grid-cols-[1fr_auto] sm:items-center"
        >
          <div className="min-w-0">
            <p className="break-words font-semibold">
              {code.title ?? "Untitled"}
              {code.artist && <span className="text-muted-foreground"> · {code.artist}</span>}
            </p>
            <p className="break-all font-mono text-xs text-muted-foreground">
              {code.isrc && <>ISRC {code.isrc} </>}
              {code.upc && <>UPC {code.upc}</>}
              {!code.isrc && !code.upc && "No ISRC or UPC"}
            </p>
            <p className="text-muted-foreground">
              {count(code.lines)} {code.lines === 1 ? "line" : "lines"},{" "}
              <span className="tabular-nums">{formatMoneyToCent(code.amount)}</span>
              {" · reported "}
              {code.lastReported === code.firstReported
                ? formatDay(code.firstReported, null, "date")
                : formatDayRange(code.firstReported, code.lastReported)}
            </p>
          </div>
          {(code.isrc || code.upc) && <AssignCodeDialog code={code} />}
        </li>
      ))}
    </ul>
  );
}
