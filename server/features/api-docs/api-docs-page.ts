/**
 * The reference page at /api/docs: Swagger UI from the swagger-ui-dist package, served by the
 * app itself (no CDN), started by a script file of its own so the page policy's
 * `script-src 'self'` holds with no inline script.
 */
export const API_DOCS_PAGE = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <title>API reference — Label Records</title>
    <!-- No favicon request: the reference has none of its own. -->
    <link rel="icon" href="data:," />
    <link rel="stylesheet" href="/api/docs/swagger-ui.css" />
    <link rel="stylesheet" href="/api/docs/api-docs.css" />
    <!-- The app's theme (light, dark or the system's), applied before the first paint. -->
    <script src="/api/docs/theme.js"></script>
  </head>
  <body>
    <header class="api-docs-header">
      <a href="/">← Back to Label Records</a>
    </header>
    <main id="api-reference" aria-label="Label Records API reference"></main>
    <script src="/api/docs/swagger-ui-bundle.js"></script>
    <script src="/api/docs/api-docs-init.js"></script>
  </body>
</html>
`;

/**
 * Starts Swagger UI on the generated document. `validatorUrl: null` keeps it from sending the
 * document to an outside validator; "Try it out" calls this same origin with the reader's session.
 */
export const API_DOCS_INIT_SCRIPT = `window.addEventListener("load", function () {
  window.ui = SwaggerUIBundle({
    url: "/api/openapi.json",
    dom_id: "#api-reference",
    deepLinking: true,
    validatorUrl: null,
    docExpansion: "list",
    defaultModelsExpandDepth: 0,
    withCredentials: true,
  });
});
`;

/**
 * Small fixes: the reference reads well on a phone, follows the app's dark theme (Swagger UI has
 * none, so its light page is inverted, and pictures turned back), and the version badges, the document's
 * link and the Authorize button get enough contrast (Swagger UI's own colours are too light).
 */
export const API_DOCS_STYLES = `body { margin: 0; background: #fff; }
#api-reference { max-width: 100%; overflow-x: hidden; }
.swagger-ui .wrapper { padding: 0 12px; }
.swagger-ui .info .title small { background-color: #4b5563; }
.swagger-ui .info .title small.version-stamp { background-color: #3f6212; }
.swagger-ui .info a.link, .swagger-ui .info .url { color: #1d4ed8; }
.swagger-ui .btn.authorize { color: #166534; border-color: #166534; }
.swagger-ui .btn.authorize svg { fill: #166534; }
.api-docs-header { padding: 12px 20px; border-bottom: 1px solid #e5e7eb; font: 600 15px/1.5 system-ui, sans-serif; }
.api-docs-header a { color: #1d4ed8; display: inline-block; min-height: 44px; line-height: 44px; }
html.dark body { background: #0f1115; }
html.dark .api-docs-header { border-color: #2a2f3a; }
html.dark .api-docs-header a { color: #93c5fd; }
html.dark .swagger-ui { filter: invert(0.9) hue-rotate(180deg); }
html.dark .swagger-ui img, html.dark .swagger-ui svg image { filter: invert(1) hue-rotate(180deg); }
`;
