const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);

/**
 * The built-in provider's sign-in page (contract in ARCHITECTURE.md): an input labelled
 * Email (name email), an optional Name (name name) and a "Sign in" button. Plain HTML with
 * no script, so it works under the strict CSP.
 */
export function renderSignInPage(options: { action?: string; error?: string; email?: string; name?: string }) {
  const { action, error, email = "", name = "" } = options;
  const form = action
    ? `<form method="post" action="${escapeHtml(action)}" novalidate>
        <label for="email">Email</label>
        <input id="email" name="email" type="email" autocomplete="email" required value="${escapeHtml(email)}" ${error ? 'aria-invalid="true" aria-describedby="error"' : ""} autofocus>
        <label for="name">Name <span class="hint">(optional)</span></label>
        <input id="name" name="name" type="text" autocomplete="name" value="${escapeHtml(name)}">
        <button type="submit">Sign in</button>
      </form>`
    : `<p><a href="/">Back to the site</a></p>`;
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Sign in — Label Records</title>
<style>
  :root { color-scheme: dark; }
  body { margin: 0; min-height: 100vh; display: grid; place-items: center; font-family: system-ui, sans-serif; background: #0b0b10; color: #f4f4f5; }
  main { width: min(92vw, 380px); padding: 2rem; border: 1px solid #2a2a35; border-radius: 12px; background: #13131a; }
  h1 { margin: 0 0 .25rem; font-size: 1.5rem; }
  p.sub { margin: 0 0 1.5rem; color: #a1a1aa; }
  label { display: block; margin: 1rem 0 .35rem; font-weight: 600; }
  .hint { color: #a1a1aa; font-weight: 400; }
  input { box-sizing: border-box; width: 100%; padding: .65rem .75rem; border-radius: 8px; border: 1px solid #3f3f4a; background: #0b0b10; color: inherit; font-size: 1rem; }
  input:focus, button:focus { outline: 2px solid #f59e0b; outline-offset: 2px; }
  button { margin-top: 1.5rem; width: 100%; padding: .7rem; border: 0; border-radius: 8px; background: #f59e0b; color: #111; font-weight: 700; font-size: 1rem; cursor: pointer; }
  .error { margin: 1rem 0 0; padding: .6rem .75rem; border-radius: 8px; background: #3b0d0d; color: #fecaca; }
  a { color: #fbbf24; }
</style>
</head>
<body>
<main>
  <h1>Sign in</h1>
  <p class="sub">Label Records members area</p>
  ${error ? `<p id="error" class="error" role="alert">${escapeHtml(error)}</p>` : ""}
  ${form}
</main>
</body>
</html>`;
}
