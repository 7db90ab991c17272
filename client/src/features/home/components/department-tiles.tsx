import { ArrowRight } from "lucide-react";
import { Link } from "wouter";
import { DEPARTMENTS } from "../departments";

/** The 11 department tiles of the signed-in home (SPEC.md §2.3). */
export function DepartmentTiles() {
  return (
    <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4">
      {DEPARTMENTS.map((department) => (
        <li key={department.href}>
          <Link
            href={department.href}
            className="group flex h-full flex-col gap-3 rounded-lg border bg-card/90 p-5 text-card-foreground shadow-sm outline-hidden transition-colors hover:border-primary/60 hover:bg-accent focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 focus-visible:ring-offset-background"
          >
            <span className="flex size-11 items-center justify-center rounded-md bg-primary/15 text-primary">
              <department.icon aria-hidden="true" className="size-6" />
            </span>
            <span className="flex items-center justify-between gap-2">
              <h3 className="font-semibold">{department.title}</h3>
              <ArrowRight
                aria-hidden="true"
                className="size-4 text-muted-foreground transition-transform group-hover:translate-x-0.5"
              />
            </span>
            <p className="text-sm text-muted-foreground">{department.blurb}</p>
          </Link>
        </li>
      ))}
    </ul>
  );
}
