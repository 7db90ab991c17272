import { escapeHtml, renderHtmlPage } from "../lib/html-page";

/**
 * The built-in provider's sign-in page (contract in docs/decisions/002-built-in-sign-in.md): an input labelled
 * Email (name email), an optional Name (name name) and a "Sign in" button. Plain HTML with
 * no script of its own, so it works under the strict CSP.
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
    : `<a class="back" href="/">Back to the site</a>`;
  return renderHtmlPage({
    title: "Sign in",
    body: `<h1>Sign in</h1>
<p class="sub">Label Records members area</p>
${error ? `<p id="error" class="error" role="alert">${escapeHtml(error)}</p>` : ""}
${form}`,
  });
}
