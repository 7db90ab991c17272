import { Download } from "lucide-react";
import { statementLinesPath, statementPdfPath } from "../api";

// On a phone each link is at least 44 × 44 px, a finger's tap (WCAG 2.5.5); from the sm
// breakpoint, with a pointer, they are text links again.
const LINK =
  "inline-flex min-h-11 min-w-11 items-center justify-center gap-1 rounded-md px-2 text-sm underline sm:min-h-0 sm:min-w-0 sm:justify-start sm:px-0";

/** The statement's PDF and its lines as CSV; each link names whose statement it is for screen readers (the
 * space stays outside the hidden span, or it is dropped from the name). */
export function StatementLinks({ id, label }: { id: string; label: string }) {
  return (
    <span className="flex flex-wrap gap-3">
      <a className={LINK} href={statementPdfPath(id)} download>
        <Download aria-hidden="true" className="size-3.5" />
        PDF <span className="sr-only">of {label}</span>
      </a>
      <a className={LINK} href={statementLinesPath(id)} download>
        <Download aria-hidden="true" className="size-3.5" />
        CSV <span className="sr-only">lines of {label}</span>
      </a>
    </span>
  );
}
