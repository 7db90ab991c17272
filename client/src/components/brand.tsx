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
    <span className={cn("inline-flex min-w-0 items-center gap-2 font-semibold", className)}>
      {labelLogoUrl ? (
        <img
          src={labelLogoUrl}
          alt=""
          width={32}
          height={32}
          className="size-8 shrink-0 rounded-md object-cover"
        />
      ) : (
        <Disc3 className="size-7 shrink-0 text-primary" aria-hidden="true" />
      )}
      <span className="truncate font-display text-lg tracking-tight">{name}</span>
    </span>
  );
}
