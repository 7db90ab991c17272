import { ArrowLeft } from "lucide-react";
import { Link } from "wouter";
import { ThemeToggle } from "@/components/theme-toggle";
import { Button } from "@/components/ui/button";

/** The gallery's way back to the home page. */
export function BackToHomeLink({ className }: { className?: string }) {
  return (
    <Button asChild variant="ghost" size="sm" className={className}>
      <Link href="/">
        <ArrowLeft aria-hidden="true" />
        Back to Home
      </Link>
    </Button>
  );
}

/** Signed out: a header with the back link to / and the page title. */
export function GalleryHeader() {
  return (
    <header className="sticky top-0 z-40 border-b bg-background/85 backdrop-blur supports-[backdrop-filter]:bg-background/70">
      <div className="mx-auto flex h-16 max-w-6xl items-center gap-3 px-4">
        <BackToHomeLink />
        <h1 className="min-w-0 flex-1 truncate font-display text-xl font-bold tracking-tight">Artist Gallery</h1>
        <ThemeToggle />
      </div>
    </header>
  );
}
