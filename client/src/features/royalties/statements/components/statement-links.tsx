import { Download } from "lucide-react";
import { statementLinesPath, statementPdfPath } from "../api";

/** The statement's PDF and its lines as CSV; each link names whose statement it is for screen readers (the
 * space stays outside the hidden span, or it is dropped from the name). */
export function StatementLinks({ id, label }: { id: string; label: string }) {
  return (
    <span className="flex flex-wrap gap-3">
      <a className="inline-flex items-center gap-1 text-sm underline" href={statementPdfPath(id)} download>
        <Download aria-hidden="true" className="size-3.5" />
        PDF <span className="sr-only">of {label}</span>
      </a>
      <a className="inline-flex items-center gap-1 text-sm underline" href={statementLinesPath(id)} download>
        <Download aria-hidden="true" className="size-3.5" />
        CSV <span className="sr-only">lines of {label}</span>
      </a>
    </span>
  );
}
