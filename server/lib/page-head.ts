import type { Response } from "express";

/**
 * A page's own <head> for crawlers and link previews, which do not run the client's script:
 * a feature that owns a page route (a show's page) describes it here before the client is
 * served, and the client serving puts it into index.html (docs/decisions/018-show-pages.md).
 * Everything is data until rendered, and rendering escapes every value, so no text a person
 * entered can close a tag or a script.
 */
export interface PageHead {
  title: string;
  /** `<meta name>` (description, twitter:*) or `<meta property>` (og:*). */
  meta: ({ name: string; content: string } | { property: string; content: string })[];
  links: { rel: string; href: string }[];
  /** Objects for `<script type="application/ld+json">`, one script each. */
  jsonLd: object[];
}

export function setPageHead(res: Response, head: PageHead): void {
  res.locals.pageHead = head;
}

function pageHeadOf(res: Response): PageHead | undefined {
  return res.locals.pageHead as PageHead | undefined;
}

const HTML_ESCAPES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };

/** Text or a double-quoted attribute value, safe in HTML. */
export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c]);
}

/**
 * JSON for inside a <script> element: "<" (so no "</script>" or "<!--"), ">" and "&" become
 * \u escapes, and so do U+2028/U+2029; JSON.parse reads the same value back.
 */
export function jsonForScript(value: unknown): string {
  return JSON.stringify(value).replace(
    /[<>&\u2028\u2029]/g,
    (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`,
  );
}

const keyOf = (meta: PageHead["meta"][number]) =>
  "name" in meta ? { attr: "name", key: meta.name } : { attr: "property", key: meta.property };

const regexEscape = (value: string) => value.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** Removes the template's own tag for a key and its sub-keys (og:image also drops og:image:width). */
function withoutMeta(html: string, attr: string, key: string): string {
  const pattern = new RegExp(`[ \\t]*<meta\\s+${attr}="${regexEscape(key)}(:[^"]*)?"[^>]*>\\n?`, "g");
  return html.replace(pattern, "");
}

function renderTags(head: PageHead): string {
  const tags = [
    ...head.meta.map((meta) => {
      const { attr, key } = keyOf(meta);
      return `<meta ${attr}="${escapeHtml(key)}" content="${escapeHtml(meta.content)}" />`;
    }),
    ...head.links.map((link) => `<link rel="${escapeHtml(link.rel)}" href="${escapeHtml(link.href)}" />`),
    ...head.jsonLd.map((data) => `<script type="application/ld+json">${jsonForScript(data)}</script>`),
  ];
  return tags.map((tag) => `    ${tag}\n`).join("");
}

/**
 * index.html with the page's head: its <title> replaced, the template's tags the page sets
 * itself (description, og:*, twitter:*, canonical) removed, the page's tags added before
 * </head>. Without a head, the template as it is. Replacements are functions, so no "$&" in
 * a value is read as a pattern.
 */
export function applyPageHead(html: string, head: PageHead | undefined): string {
  if (!head) return html;
  const title = `<title>${escapeHtml(head.title)}</title>`;
  const titled = /<title>[\s\S]*?<\/title>/;
  let out = titled.test(html) ? html.replace(titled, () => title) : html.replace("</head>", () => `${title}</head>`);
  for (const meta of head.meta) {
    const { attr, key } = keyOf(meta);
    out = withoutMeta(out, attr, key);
  }
  for (const link of head.links) {
    out = out.replace(new RegExp(`[ \\t]*<link\\s+rel="${regexEscape(link.rel)}"[^>]*>\\n?`, "g"), "");
  }
  return out.replace(/([ \t]*)<\/head>/, (_, indent: string) => `${renderTags(head)}${indent}</head>`);
}

/** The page for this answer: index.html with the head a feature set on `res`, if any. */
export function pageFor(html: string, res: Response): string {
  return applyPageHead(html, pageHeadOf(res));
}
