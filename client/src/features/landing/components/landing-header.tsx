import type { ReactNode } from "react";
import { Brand } from "@/components/brand";
import { ShopLink, SiteLinks, SiteMenu } from "@/components/site-nav";
import { ThemeToggle } from "@/components/theme-toggle";
import { SIGN_IN_PATH } from "@shared/sign-in";
import { Button } from "@/components/ui/button";

/**
 * Brand, the site's links, theme toggle, the shop's cart (once it holds something) and Log In
 * (a full-page navigation, not an in-app route). On a phone the links fold into a menu, except
 * Shop, which stays in view at every width; the brand keeps its whole name.
 */
export function LandingHeader({ cart }: { cart?: ReactNode }) {
  return (
    <header className="sticky top-0 z-40 border-b bg-background/85 backdrop-blur supports-[backdrop-filter]:bg-background/70">
      <div className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-1 px-3 sm:gap-2 sm:px-4">
        <Brand className="shrink-0 max-sm:*:text-base" />
        <SiteLinks />
        <div className="flex shrink-0 items-center sm:gap-2">
          <ShopLink />
          <ThemeToggle className="max-md:hidden" />
          {cart}
          <Button asChild size="sm" className="max-md:min-h-11">
            <a href={SIGN_IN_PATH}>Log In</a>
          </Button>
          <SiteMenu />
        </div>
      </div>
    </header>
  );
}
