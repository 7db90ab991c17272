import { Link } from "wouter";
import { Brand } from "@/components/brand";
import { ThemeToggle } from "@/components/theme-toggle";
import { SIGN_IN_PATH } from "@shared/sign-in";
import { Button } from "@/components/ui/button";
import type { ReactNode } from "react";

const linkClass =
  "rounded-md px-3 py-2 text-sm font-medium text-muted-foreground transition-colors hover:text-foreground";

/** Brand, theme toggle, the shop's cart (once it holds something) and Log In (a full-page navigation, not an in-app route). */
export function LandingHeader({ cart }: { cart?: ReactNode }) {
  return (
    <header className="sticky top-0 z-40 border-b bg-background/85 backdrop-blur supports-[backdrop-filter]:bg-background/70">
      <div className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-2 px-4">
        <Brand />
        <nav aria-label="Site" className="hidden items-center md:flex">
          <Link href="/artists" className={linkClass}>
            Artists
          </Link>
          <a href="#tour-dates" className={linkClass}>
            Tour Dates
          </a>
          <Link href="/vendor-booking" className={linkClass}>
            Food Vendors
          </Link>
        </nav>
        <div className="flex shrink-0 items-center gap-1 sm:gap-2">
          <ThemeToggle />
          {cart}
          <Button asChild>
            <a href={SIGN_IN_PATH}>Log In</a>
          </Button>
        </div>
      </div>
    </header>
  );
}
