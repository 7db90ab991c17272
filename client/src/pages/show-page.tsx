import { useQuery } from "@tanstack/react-query";
import { ArrowLeft } from "lucide-react";
import { useLocation, useParams } from "wouter";
import { isShowPath } from "@shared/routes";
import { LoadError, PageFrame } from "@/components/page-shell";
import { Button } from "@/components/ui/button";
import { showQuery } from "@/features/shows/api";
import { ShowNotFound, ShowSkeleton } from "@/features/shows/components/show-states";
import { ShowView } from "@/features/shows/components/show-view";
import { useShowDocumentTitle } from "@/features/shows/show-title";
import { ApiError } from "@/lib/api-request";
import { useCurrentUser } from "@/lib/auth";

/**
 * /shows/{id}: one show, for everyone (in the dashboard layout when signed in). The server
 * sends the show's title and link-preview tags in the HTML; the page keeps the tab's title
 * right after in-app navigation too.
 */
export function ShowPage() {
  const { id = "" } = useParams<{ id: string }>();
  const [path] = useLocation();
  // Only a show id is asked for: "/shows/past" must not read the archive list as a show.
  const valid = isShowPath(path);
  const query = useQuery({ ...showQuery(id), enabled: valid });
  const { isAuthenticated } = useCurrentUser();
  const notFound = !valid || (query.error instanceof ApiError && query.error.status === 404);
  useShowDocumentTitle(query.data, notFound ? "Show not found" : "Show");

  return (
    <PageFrame>
      <main
        id="main-content"
        tabIndex={-1}
        className="mx-auto w-full max-w-6xl flex-1 px-4 py-8 outline-hidden sm:py-12"
      >
        {!isAuthenticated && (
          <Button asChild variant="ghost" size="sm" className="-ml-2 mb-6">
            <a href="/#tour-dates">
              <ArrowLeft aria-hidden="true" />
              All tour dates
            </a>
          </Button>
        )}
        {notFound ? (
          <ShowNotFound signedIn={isAuthenticated} />
        ) : query.isError ? (
          <LoadError what="this show" onRetry={() => void query.refetch()} />
        ) : query.data ? (
          <ShowView show={query.data} signedIn={isAuthenticated} />
        ) : (
          <ShowSkeleton />
        )}
      </main>
    </PageFrame>
  );
}
