/**
 * Applies the stored theme before first paint so the page never flashes the wrong one. It is
 * inlined into the page's <head> (vite.config.ts) so it costs no request before the first
 * paint, and the production CSP allows exactly this text by its hash (server/app.ts). Keep in
 * sync with THEME_STORAGE_KEY and the default theme in client/src/lib/theme.tsx.
 */
export const THEME_INIT_SCRIPT = `(function () {
  var theme = "dark";
  try {
    theme = localStorage.getItem("label-records-theme") || "dark";
  } catch (e) {
    /* storage blocked: keep the default */
  }
  if (theme === "system") {
    theme = window.matchMedia && window.matchMedia("(prefers-color-scheme: light)").matches ? "light" : "dark";
  }
  var root = document.documentElement;
  root.classList.remove("light", "dark");
  root.classList.add(theme === "light" ? "light" : "dark");
})();`;
