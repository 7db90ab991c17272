import type { ReactNode } from "react";
import { CircleAlert } from "lucide-react";
import { DashboardLayout } from "@/components/dashboard-layout";
import { PublicHeader } from "@/components/public-header";
import { Button } from "@/components/ui/button";
import { ApiError } from "@/lib/api-request";
import { useCurrentUser } from "@/lib/auth";
import { useDocumentTitle } from "@/lib/document-title";
import { cn } from "@/lib/utils";

/**
 * THE error state of data that did not load: "Could not load {what}." and "Try again", the same
 * on every page. `error` adds the answer's "{status}: {status text}" where a page shows it;
 * `inline` fits it into a line of a panel (a count, a list inside a dialog).
 */
export function LoadError({
  what,
  onRetry,
  error,
  inline = false,
}: {
  what: string;
  onRetry: () => void;
  error?: unknown;
  inline?: boolean;
}) {
  const detail = error instanceof ApiError ? `${error.status}: ${error.statusText || "Error"}` : undefined;
  if (inline) {
    return (
      <div role="alert" className="flex flex-wrap items-center gap-2 text-sm">
        <CircleAlert aria-hidden="true" className="size-4 shrink-0 text-destructive" />
        <span>Could not load {what}.</span>
        {detail && <span className="text-muted-foreground">{detail}</span>}
        <Button type="button" variant="outline" size="sm" onClick={onRetry}>
          Try again
        </Button>
      </div>
    );
  }
  return (
    <div role="alert" className="flex flex-col items-center gap-3 rounded-lg border bg-card/90 p-8 text-center">
      <CircleAlert aria-hidden="true" className="size-8 text-destructive" />
      <p className="font-medium">Could not load {what}.</p>
      {detail && <p className="text-sm text-muted-foreground">{detail}</p>}
      <Button type="button" variant="outline" onClick={onRetry}>
        Try again
      </Button>
    </div>
  );
}

type PageContentProps = {
  title: string;
  description?: string;
  /** Buttons shown beside the title, e.g. "Add Tour Date". */
  actions?: ReactNode;
  /** A way back (e.g. a "Back" link), shown above the title where people look for it. */
  back?: ReactNode;
  children?: ReactNode;
  className?: string;
};

/** The page's own content: its <h1>, optional subtitle and header actions, then the body. */
function PageContent({ title, description, actions, back, children, className }: PageContentProps) {
  return (
    <main
      id="main-content"
      tabIndex={-1}
      className={cn("mx-auto w-full max-w-6xl flex-1 px-4 py-8 outline-hidden", className)}
    >
      {back && <div className="mb-4">{back}</div>}
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div className="min-w-0">
          <h1 className="font-display text-3xl font-bold tracking-tight sm:text-4xl">{title}</h1>
          {description && <p className="mt-2 text-muted-foreground">{description}</p>}
        </div>
        {actions && <div className="flex shrink-0 flex-wrap items-center gap-2">{actions}</div>}
      </div>
      {children && <div className="mt-8">{children}</div>}
    </main>
  );
}

/** Signed out (vendor booking, a show's page): the public header, then the page. */
function PublicFrame({ children }: { children: ReactNode }) {
  return (
    <div className="flex min-h-dvh flex-col">
      <PublicHeader />
      {children}
    </div>
  );
}

/**
 * The frame alone, for a page that lays out its own <main> (a show's page): the dashboard
 * layout when signed in, the plain header when signed out.
 */
export function PageFrame({ children }: { children: ReactNode }) {
  const { isAuthenticated } = useCurrentUser();
  return isAuthenticated ? <DashboardLayout>{children}</DashboardLayout> : <PublicFrame>{children}</PublicFrame>;
}

/**
 * THE frame of every page except the two homes: inside the dashboard layout (sidebar) when
 * signed in, under a plain header when signed out.
 */
export function PageShell(props: PageContentProps) {
  useDocumentTitle(props.title);
  return (
    <PageFrame>
      <PageContent {...props} />
    </PageFrame>
  );
}
