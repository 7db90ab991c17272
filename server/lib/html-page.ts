import { THEME_INIT_SCRIPT } from "@shared/theme-init";

export const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);

/**
 * A small page the server renders itself (sign-in, "Sign out?", sign-in errors): the app's
 * colours in both themes, readable at 375 px, no script but the theme script the CSP allows
 * by its hash. `body` is trusted markup: escape every value that goes into it.
 */
export function renderHtmlPage(options: { title: string; body: string }) {
  return `<!doctype html>
<html lang="en" class="dark">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="dark light">
<meta name="robots" content="noindex">
<title>${escapeHtml(options.title)} — Label Records</title>
<script>${THEME_INIT_SCRIPT}</script>
<style>
  :root { color-scheme: light; --bg: #faf7f2; --fg: #1c1714; --card: #ffffff; --muted: #5e554c; --border: #e2d9cc; --input: #8c8073; --primary: #a34a07; --on-primary: #ffffff; --error-bg: #fde8e8; --error-fg: #7f1d1d; }
  .dark { color-scheme: dark; --bg: #0c0a09; --fg: #f5f0e8; --card: #16120f; --muted: #b0a79c; --border: #3a322b; --input: #6b5f53; --primary: #f5b83d; --on-primary: #1a1206; --error-bg: #3b0d0d; --error-fg: #fecaca; }
  body { margin: 0; min-height: 100vh; display: grid; place-items: center; font-family: system-ui, sans-serif; line-height: 1.5; background: var(--bg); color: var(--fg); }
  main { box-sizing: border-box; width: min(92vw, 420px); margin: 1rem 0; padding: 1.5rem; border: 1px solid var(--border); border-radius: 12px; background: var(--card); }
  h1 { margin: 0 0 .5rem; font-size: 1.5rem; line-height: 1.25; }
  p { margin: 0 0 1rem; }
  .sub, .hint { color: var(--muted); }
  .hint { font-weight: 400; }
  label { display: block; margin: 1rem 0 .35rem; font-weight: 600; }
  input { box-sizing: border-box; width: 100%; padding: .65rem .75rem; border-radius: 8px; border: 1px solid var(--input); background: var(--bg); color: inherit; font-size: 1rem; }
  form { margin: 0; }
  button, .button { box-sizing: border-box; display: block; width: 100%; margin-top: 1.25rem; padding: .7rem; border: 0; border-radius: 8px; background: var(--primary); color: var(--on-primary); font: inherit; font-weight: 700; text-align: center; text-decoration: none; cursor: pointer; }
  input:focus-visible, button:focus-visible, a:focus-visible { outline: 2px solid var(--primary); outline-offset: 2px; }
  .error { margin: 1rem 0 0; padding: .6rem .75rem; border-radius: 8px; background: var(--error-bg); color: var(--error-fg); }
  .back { display: inline-block; margin-top: 1.25rem; }
  a { color: var(--primary); }
</style>
</head>
<body>
<main>
${options.body}
</main>
</body>
</html>`;
}

/** A page with a heading, a message and a link back home: for answers a person reads. */
export function renderMessagePage(options: { title: string; message: string; action?: string }) {
  return renderHtmlPage({
    title: options.title,
    body: `<h1>${escapeHtml(options.title)}</h1>
<p>${escapeHtml(options.message)}</p>
${options.action ?? ""}
<a class="back" href="/">Back to the home page</a>`,
  });
}
