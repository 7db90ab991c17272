import { Disc3 } from "lucide-react";
import { DEFAULT_LABEL_NAME } from "@shared/constants";
import { cn } from "@/lib/utils";

/** The label's name and logo, or the default branding when the user has set none. */
export function Brand({
  labelName,
  labelLogoUrl,
  className,
}: {
  labelName?: string | null;
  labelLogoUrl?: string | null;
  className?: string;
}) {
  const name = labelName?.trim() || DEFAULT_LABEL_NAME;
  return (
    // max-w-full and the truncated name keep a long label name on one line within its
    // container instead of pushing the page wider than a phone's screen.
    <span className={cn("inline-flex min-w-0 max-w-full items-center gap-2 font-semibold", className)}>
      {labelLogoUrl ? (
        <img src={labelLogoUrl} alt="" width={32} height={32} className="size-8 shrink-0 rounded-md object-cover" />
      ) : (
        <Disc3 className="size-7 shrink-0 text-primary" aria-hidden="true" />
      )}
      <span className="min-w-0 truncate font-display text-lg tracking-tight" title={name}>
        {name}
      </span>
    </span>
  );
}
