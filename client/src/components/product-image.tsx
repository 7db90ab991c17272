import { Package } from "lucide-react";
import { cn } from "@/lib/utils";

/**
 * An item's square picture, or a muted square with a package icon when it has none (so cards
 * and pages keep their shape). `lazy` for pictures in a grid below the fold.
 */
export function ProductImage({
  src,
  alt,
  className,
  iconClassName = "size-12",
  lazy = false,
}: {
  src: string | null | undefined;
  alt: string;
  className?: string;
  iconClassName?: string;
  lazy?: boolean;
}) {
  if (!src) {
    return (
      <div className={cn("grid aspect-square w-full place-items-center bg-muted text-muted-foreground", className)}>
        <Package className={iconClassName} aria-hidden="true" />
        <span className="sr-only">No image</span>
      </div>
    );
  }
  return (
    <img
      src={src}
      alt={alt}
      width={600}
      height={600}
      loading={lazy ? "lazy" : undefined}
      decoding={lazy ? "async" : undefined}
      className={cn("aspect-square w-full object-cover", className)}
    />
  );
}
