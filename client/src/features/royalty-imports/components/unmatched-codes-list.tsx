import type { UnmatchedCode } from "@shared/royalty-imports";
import { AssignCodeDialog } from "./assign-code-dialog";

const count = (n: number) => n.toLocaleString("en-US");

/** The codes distributors reported that no track or release has, largest amount first. */
export function UnmatchedCodesList({ codes }: { codes: UnmatchedCode[] }) {
  if (codes.length === 0) return <p className="text-muted-foreground">Every line is matched.</p>;
  return (
    <ul className="grid gap-3" aria-label="Unmatched codes">
      {codes.map((code) => (
        <li
          key={`${code.isrc}:${code.upc}`}
          className="grid gap-2 rounded-md border p-3 text-sm sm:grid-cols-[1fr_auto]"
        >
          <div className="min-w-0">
            <p className="break-words font-medium">
              {code.title ?? "Untitled"}
              {code.artist && <span className="text-muted-foreground"> · {code.artist}</span>}
            </p>
            <p className="break-all font-mono text-xs">
              {code.isrc && <>ISRC {code.isrc} </>}
              {code.upc && <>UPC {code.upc}</>}
              {!code.isrc && !code.upc && "No ISRC or UPC"}
            </p>
            <p className="text-muted-foreground">
              {count(code.lines)} {code.lines === 1 ? "line" : "lines"},{" "}
              <span className="tabular-nums">{code.amount}</span> USD, reported {code.firstReported}
              {code.lastReported !== code.firstReported && <> to {code.lastReported}</>}
            </p>
          </div>
          {(code.isrc || code.upc) && <AssignCodeDialog code={code} />}
        </li>
      ))}
    </ul>
  );
}
