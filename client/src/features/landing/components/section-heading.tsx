import type { ReactNode } from "react";
import { cn } from "@/lib/utils";

/** Eyebrow, <h2> and lead text shared by every landing section, so spacing stays uniform. */
export function SectionHeading({
  id,
  eyebrow,
  title,
  children,
  className,
}: {
  id: string;
  eyebrow?: string;
  title: ReactNode;
  children?: ReactNode;
  className?: string;
}) {
  return (
    <div className={cn("max-w-2xl", className)}>
      {eyebrow && <p className="text-xs font-semibold uppercase tracking-[0.25em] text-primary">{eyebrow}</p>}
      <h2 id={id} className="mt-2 font-display text-3xl font-bold tracking-tight text-balance sm:text-4xl">
        {title}
      </h2>
      {children && <p className="mt-3 text-base text-muted-foreground sm:text-lg">{children}</p>}
    </div>
  );
}

/** A landmark section with the page's usual width and vertical rhythm. */
export function LandingSection({
  labelledBy,
  id,
  className,
  children,
}: {
  labelledBy: string;
  id?: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <section id={id} aria-labelledby={labelledBy} className={cn("scroll-mt-20 py-16 sm:py-20", className)}>
      <div className="mx-auto max-w-6xl px-4">{children}</div>
    </section>
  );
}
