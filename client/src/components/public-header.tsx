import { House } from "lucide-react";
import { Link, useLocation, useSearch } from "wouter";
import { signInHref } from "@shared/sign-in";
import { Brand } from "@/components/brand";
import { ThemeToggle } from "@/components/theme-toggle";
import { Button } from "@/components/ui/button";
import { SITE_NAME } from "@/lib/document-title";

/**
 * The header of a public page a visitor may land on from a shared link (a show, vendor
 * booking): the brand and a plain "Home" both lead to the landing page, and "Log In" is a
 * full-page trip through /api/login that comes back to this page.
 */
export function PublicHeader() {
  const [path] = useLocation();
  const search = useSearch();
  return (
    <header className="border-b bg-background/80 backdrop-blur supports-[backdrop-filter]:bg-background/60">
      <div className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-2 px-4">
        <Link
          href="/"
          className="min-w-0 rounded-md outline-hidden focus-visible:ring-2 focus-visible:ring-ring"
          aria-label={`${SITE_NAME} home`}
        >
          <Brand />
        </Link>
        <nav aria-label="Site" className="flex shrink-0 items-center gap-1 sm:gap-2">
          <Button asChild variant="ghost" size="sm" className="px-2 sm:px-3">
            <Link href="/">
              <House aria-hidden="true" />
              {/* On a phone the icon stands for the word, which screen readers still hear. */}
              <span className="max-sm:sr-only">Home</span>
            </Link>
          </Button>
          <ThemeToggle />
          <Button asChild size="sm">
            <a href={signInHref(search ? `${path}?${search}` : path)}>Log In</a>
          </Button>
        </nav>
      </div>
    </header>
  );
}
