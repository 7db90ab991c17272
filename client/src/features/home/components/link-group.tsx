import { Link } from "wouter";
import type { NavLink } from "@/components/nav-group";

/** A titled row of compact links (quick links and administration on the home page). */
export function LinkGroup({ title, links }: { title: string; links: readonly NavLink[] }) {
  const headingId = `home-${title.toLowerCase().replace(/\W+/g, "-")}`;
  return (
    <section aria-labelledby={headingId}>
      <h2 id={headingId} className="font-display text-xl font-semibold">
        {title}
      </h2>
      <ul className="mt-3 flex flex-wrap gap-2">
        {links.map((link) => (
          <li key={link.href}>
            <Link
              href={link.href}
              className="inline-flex h-10 items-center gap-2 rounded-md border bg-card/90 px-4 text-sm font-medium shadow-sm outline-hidden transition-colors hover:bg-accent hover:text-accent-foreground focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 focus-visible:ring-offset-background"
            >
              <link.icon aria-hidden="true" className="size-4 text-primary" />
              {link.title}
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
