import { describe, expect, it } from "vitest";
import { applyPageHead, escapeHtml, jsonForScript, type PageHead } from "./page-head";

const TEMPLATE = `<!doctype html>
<html>
  <head>
    <title>Site — Home</title>
    <meta
      name="description"
      content="The landing page."
    />
    <meta property="og:image" content="/og-image.png" />
    <meta property="og:image:width" content="1200" />
    <meta property="og:locale" content="en_US" />
    <link rel="icon" href="/favicon.svg" />
  </head>
  <body><div id="root"></div></body>
</html>`;

const head = (changes: Partial<PageHead> = {}): PageHead => ({
  title: "A $& B $1",
  meta: [
    { name: "description", content: 'Say "hi" & <bye>' },
    { property: "og:image", content: "https://cdn.example/a.png?x=1&y=2" },
  ],
  links: [{ rel: "canonical", href: "https://label.example/shows/1" }],
  jsonLd: [{ name: "</script><script>alert(1)</script>\u2028" }],
  ...changes,
});

describe("a page's own head in index.html", () => {
  it("replaces the title and the template's tags the page sets, keeping the rest", () => {
    const html = applyPageHead(TEMPLATE, head());
    expect(html).toContain("<title>A $&amp; B $1</title>");
    expect(html).not.toContain("Site — Home");
    expect(html).not.toContain("The landing page.");
    expect(html).not.toContain("/og-image.png");
    expect(html).not.toContain("og:image:width");
    expect(html).toContain('<meta property="og:locale" content="en_US" />');
    expect(html).toContain('<link rel="icon" href="/favicon.svg" />');
    expect(html).toContain('<meta name="description" content="Say &quot;hi&quot; &amp; &lt;bye&gt;" />');
    expect(html).toContain('<meta property="og:image" content="https://cdn.example/a.png?x=1&amp;y=2" />');
    expect(html).toContain('<link rel="canonical" href="https://label.example/shows/1" />');
    expect(html.indexOf("application/ld+json")).toBeLessThan(html.indexOf("</head>"));
  });

  it("keeps JSON-LD inside its script and reads back to the same value", () => {
    const html = applyPageHead(TEMPLATE, head());
    const script = /<script type="application\/ld\+json">([\s\S]*?)<\/script>/.exec(html)![1];
    expect(script).not.toMatch(/[<>\u2028]/);
    expect(JSON.parse(script)).toEqual(head().jsonLd[0]);
    expect(html.match(/<script/g)).toHaveLength(1);
  });

  it("leaves the page alone without a head, and adds a title where the template has none", () => {
    expect(applyPageHead(TEMPLATE, undefined)).toBe(TEMPLATE);
    expect(applyPageHead("<head></head>", head({ meta: [], links: [], jsonLd: [] }))).toBe(
      "<head><title>A $&amp; B $1</title></head>",
    );
  });

  it("escapes text, attributes and script data", () => {
    expect(escapeHtml(`<a href="x">'&'</a>`)).toBe("&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt;");
    expect(jsonForScript({ a: "</script>&" })).toBe('{"a":"\\u003c/script\\u003e\\u0026"}');
  });
});
