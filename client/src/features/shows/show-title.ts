import { useEffect } from "react";
import { showHeadline } from "@shared/show-headline";
import type { ShowSummary } from "@shared/shows";
import { SITE_NAME } from "@/lib/document-title";

/**
 * The tab's title on a show's page: "{headline} | {label name}". The server writes it into the
 * HTML with the label's own name, which this page does not know; a title already starting with
 * the headline is the server's and is kept. Restores the previous title on leave.
 */
export function useShowDocumentTitle(show: ShowSummary | undefined, fallback: string) {
  const headline = show ? showHeadline(show) : null;
  useEffect(() => {
    const previous = document.title;
    if (!headline) document.title = `${fallback} — ${SITE_NAME}`;
    else if (!previous.startsWith(`${headline} | `)) document.title = `${headline} | ${SITE_NAME}`;
    return () => {
      document.title = previous;
    };
  }, [headline, fallback]);
}
