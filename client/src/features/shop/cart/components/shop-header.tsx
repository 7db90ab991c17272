import { ArrowLeft } from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "wouter";
import { Brand } from "@/components/brand";
import { Button } from "@/components/ui/button";
import { useCurrentUser } from "@/lib/auth";
import { SITE_NAME } from "@/lib/document-title";

/** Where "Back to shop" leads: the landing's merchandise section, or the members' shop. */
export function shopHref(signedIn: boolean) {
  return signedIn ? "/merchandise" : "/#shop";
}

/**
 * The header of the shop's own pages (the checkout, a buyer's order): the label's brand, which
 * leads home, and "Back to shop". It stays in view on a phone, with anything passed beside it.
 */
export function ShopHeader({ children }: { children?: ReactNode }) {
  const { isAuthenticated } = useCurrentUser();
  return (
    <header className="sticky top-0 z-40 border-b bg-background/90 backdrop-blur supports-[backdrop-filter]:bg-background/75">
      <div className="mx-auto flex h-16 max-w-4xl items-center justify-between gap-2 px-4">
        <Link
          href="/"
          className="min-w-0 rounded-md outline-hidden focus-visible:ring-2 focus-visible:ring-ring"
          aria-label={`${SITE_NAME} home`}
        >
          <Brand />
        </Link>
        <div className="flex shrink-0 items-center gap-2">
          {children}
          <Button asChild variant="ghost" size="sm" className="max-sm:min-h-11">
            <a href={shopHref(isAuthenticated)}>
              <ArrowLeft aria-hidden="true" />
              Back to shop
            </a>
          </Button>
        </div>
      </div>
    </header>
  );
}
