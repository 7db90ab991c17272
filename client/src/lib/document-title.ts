import { useEffect } from "react";

export const SITE_NAME = "Label Records";

/**
 * Sets the document title for the page, restoring the previous one on leave. Kept apart from
 * the page frame so that light pages (404, landing) do not load the dashboard layout.
 */
export function useDocumentTitle(title: string) {
  useEffect(() => {
    const previous = document.title;
    document.title = `${title} — ${SITE_NAME}`;
    return () => {
      document.title = previous;
    };
  }, [title]);
}
