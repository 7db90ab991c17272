import { useEffect } from "react";
import type { ReactNode } from "react";
import { Link } from "wouter";
import { Brand } from "@/components/brand";
import { ThemeToggle } from "@/components/theme-toggle";
import { cn } from "@/lib/utils";

export const SITE_NAME = "Label Records";

/** Sets the document title for the page, restoring the previous one on leave. */
export function useDocumentTitle(title: string) {
  useEffect(() => {
    const previous = document.title;
    document.title = `${title} — ${SITE_NAME}`;
    return () => {
      document.title = previous;
    };
  }, [title]);
}

/** A plain page: header linking home, the page's <h1>, optional subtitle and body. */
export function PageShell({
  title,
  description,
  children,
  className,
}: {
  title: string;
  description?: string;
  children?: ReactNode;
  className?: string;
}) {
  useDocumentTitle(title);
  return (
    <div className="flex min-h-dvh flex-col">
      <header className="border-b bg-background/80 backdrop-blur supports-[backdrop-filter]:bg-background/60">
        <div className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-4 px-4">
          <Link
            href="/"
            className="min-w-0 rounded-md outline-hidden focus-visible:ring-2 focus-visible:ring-ring"
            aria-label={`${SITE_NAME} home`}
          >
            <Brand />
          </Link>
          <ThemeToggle />
        </div>
      </header>
      <main id="main-content" tabIndex={-1} className={cn("mx-auto w-full max-w-6xl flex-1 px-4 py-8 outline-hidden", className)}>
        <h1 className="font-display text-3xl font-bold tracking-tight sm:text-4xl">{title}</h1>
        {description && <p className="mt-2 text-muted-foreground">{description}</p>}
        {children && <div className="mt-8">{children}</div>}
      </main>
    </div>
  );
}
