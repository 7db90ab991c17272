import { ArrowRight } from "lucide-react";
import { Link } from "wouter";
import { DEPARTMENTS } from "../departments";

/**
 * The 11 department tiles of the signed-in home. On a phone they sit two to a
 * row with their blurbs left to screen readers, so the quick links below are one short scroll
 * away instead of eleven full-width cards.
 */
export function DepartmentTiles() {
  return (
    <ul className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-3 xl:grid-cols-4">
      {DEPARTMENTS.map((department) => (
        <li key={department.href}>
          <Link
            href={department.href}
            className="group flex h-full flex-col gap-2 rounded-lg border bg-card/90 p-3 text-card-foreground sm:gap-3 sm:p-5 shadow-sm outline-hidden transition-colors hover:border-primary/60 hover:bg-accent focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 focus-visible:ring-offset-background"
          >
            <span className="flex size-9 items-center justify-center rounded-md bg-primary/15 text-primary sm:size-11">
              <department.icon aria-hidden="true" className="size-5 sm:size-6" />
            </span>
            <span className="flex items-start justify-between gap-2">
              <h3 className="min-w-0 text-sm font-semibold leading-snug sm:text-base">{department.title}</h3>
              <ArrowRight
                aria-hidden="true"
                className="mt-0.5 size-4 shrink-0 text-muted-foreground transition-transform group-hover:translate-x-0.5 sm:mt-1"
              />
            </span>
            <p className="sr-only text-sm text-muted-foreground sm:not-sr-only">{department.blurb}</p>
          </Link>
        </li>
      ))}
    </ul>
  );
}
