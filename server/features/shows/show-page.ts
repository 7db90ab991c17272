import type { RequestHandler } from "express";
import { markPageNotFound } from "../../lib/page-status";
import { setPageHead, type PageHead } from "../../lib/page-head";
import type { ShowFacts, ShowsService } from "./shows.service";
import { absoluteUrl, showDescription, showHeadline, showPageUrl } from "./show-text";
import { musicEventJsonLd } from "./show-json-ld";

/** The site's own link-preview image (client/public), when neither the event nor the label has one. */
const SITE_IMAGE = "/og-image.png";

/** The head of a show's page: title, description, link previews, canonical address, JSON-LD. */
export function showPageHead(facts: ShowFacts, appUrl: string): PageHead {
  const { show, tickets, labelName } = facts;
  const page = showPageUrl(appUrl, show.id);
  const image =
    absoluteUrl(appUrl, tickets?.imageUrl) ?? absoluteUrl(appUrl, facts.labelLogoUrl) ?? `${appUrl}${SITE_IMAGE}`;
  const title = `${showHeadline(show)} | ${labelName}`;
  const description = showDescription(show, tickets);
  const jsonLd = musicEventJsonLd(facts, { page, home: `${appUrl}/`, image });
  return {
    title,
    meta: [
      { name: "description", content: description },
      { property: "og:type", content: "website" },
      { property: "og:site_name", content: labelName },
      { property: "og:title", content: title },
      { property: "og:description", content: description },
      { property: "og:url", content: page },
      { property: "og:image", content: image },
      { name: "twitter:card", content: "summary_large_image" },
      { name: "twitter:title", content: title },
      { name: "twitter:description", content: description },
      { name: "twitter:image", content: image },
    ],
    links: [{ rel: "canonical", href: page }],
    jsonLd: jsonLd ? [jsonLd] : [],
  };
}

/**
 * For the /shows/{id} page itself (mounted on SHOW_PAGE_ROUTE): crawlers and link previews get
 * the show's own head in the HTML; an unknown id gets the 404 page with status 404.
 */
export function showPage(shows: ShowsService, appUrl: string): RequestHandler {
  return async (req, res, next) => {
    const { id } = req.params;
    const facts = typeof id === "string" ? await shows.facts(id) : undefined;
    if (facts) setPageHead(res, showPageHead(facts, appUrl));
    else markPageNotFound(res);
    next();
  };
}
