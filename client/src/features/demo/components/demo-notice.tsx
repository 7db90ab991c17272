import { Info } from "lucide-react";
import type { ReactNode } from "react";

/**
 * The visible "this is a preview" line every demonstration page carries (docs/product.md,
 * "Demonstration pages").
 */
export function DemoNotice({ children }: { children?: ReactNode }) {
  return (
    <p
      role="note"
      className="mb-6 flex items-start gap-2 rounded-lg border border-dashed border-primary/40 bg-primary/5 px-4 py-3 text-sm text-muted-foreground"
    >
      <Info aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-primary" />
      <span>
        <strong className="font-semibold text-foreground">Preview.</strong>{" "}
        {children ?? "This page shows sample content. Nothing you enter here is sent or saved."}
      </span>
    </p>
  );
}
