import { useEffect } from "react";

export const SITE_NAME = "Label Records";
export const DEFAULT_OG_IMAGE = "/og-image.png";

export interface PageMetadata {
  /** Full document title. */
  title: string;
  description: string;
  /** Path of the page, e.g. "/artists"; made absolute for og:url. */
  path: string;
  image?: string;
}

function setMeta(attribute: "name" | "property", key: string, content: string): () => void {
  let element = document.head.querySelector<HTMLMetaElement>(`meta[${attribute}="${key}"]`);
  const created = !element;
  if (!element) {
    element = document.createElement("meta");
    element.setAttribute(attribute, key);
    document.head.append(element);
  }
  const previous = element.content;
  element.content = content;
  const target = element;
  return () => (created ? target.remove() : (target.content = previous));
}

/**
 * Title, description and Open Graph tags for a public page. index.html holds the
 * landing's tags for crawlers that do not run scripts; this keeps them right per page for
 * those that do and for the browser tab, and restores the previous values on leave.
 */
export function usePageMetadata({ title, description, path, image = DEFAULT_OG_IMAGE }: PageMetadata) {
  useEffect(() => {
    const previousTitle = document.title;
    document.title = title;
    const absolute = (value: string) => new URL(value, window.location.origin).toString();
    const restore = [
      setMeta("name", "description", description),
      setMeta("property", "og:title", title),
      setMeta("property", "og:description", description),
      setMeta("property", "og:url", absolute(path)),
      setMeta("property", "og:image", absolute(image)),
      setMeta("name", "twitter:title", title),
      setMeta("name", "twitter:description", description),
      setMeta("name", "twitter:image", absolute(image)),
    ];
    return () => {
      document.title = previousTitle;
      for (const undo of restore.reverse()) undo();
    };
  }, [title, description, path, image]);
}
