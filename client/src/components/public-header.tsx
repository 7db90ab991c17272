import { House } from "lucide-react";
import { Link, useLocation, useSearch } from "wouter";
import { signInHref } from "@shared/sign-in";
import { Brand } from "@/components/brand";
import { ShopLink, SiteLinks, SiteMenu } from "@/components/site-nav";
import { ThemeToggle } from "@/components/theme-toggle";
import { Button } from "@/components/ui/button";
import { SITE_NAME } from "@/lib/document-title";

/**
 * The header of a public page a visitor may land on from a shared link (a show, vendor
 * booking): the brand and a plain "Home" both lead to the landing page, and "Log In" is a
 * full-page trip through /api/login that comes back to this page. The site's links are there as
 * on the landing page: in a row from tablet width, in a menu on a phone, Shop always in view.
 */
export function PublicHeader() {
  const [path] = useLocation();
  const search = useSearch();
  return (
    <header className="relative z-40 border-b bg-background/80 backdrop-blur supports-[backdrop-filter]:bg-background/60">
      <div className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-1 px-3 sm:gap-2 sm:px-4">
        <Link
          href="/"
          className="shrink-0 rounded-md outline-hidden focus-visible:ring-2 focus-visible:ring-ring"
          aria-label={`${SITE_NAME} home`}
        >
          {/* On a phone the name is a size smaller, so it stays whole beside the links. */}
          <Brand className="max-sm:*:text-base" />
        </Link>
        <SiteLinks />
        <div className="flex shrink-0 items-center sm:gap-2">
          <Button asChild variant="ghost" size="sm" className="px-2 sm:px-3">
            <Link href="/">
              <House aria-hidden="true" />
              {/* On a phone the icon stands for the word, which screen readers still hear. */}
              <span className="max-sm:sr-only">Home</span>
            </Link>
          </Button>
          <ShopLink />
          <ThemeToggle className="max-md:hidden" />
          <Button asChild size="sm" className="max-md:min-h-11">
            <a href={signInHref(search ? `${path}?${search}` : path)}>Log In</a>
          </Button>
          <SiteMenu />
        </div>
      </div>
    </header>
  );
}
