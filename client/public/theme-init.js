// Applies the stored theme before first paint so the page never flashes the wrong one.
// An external file because the production CSP forbids inline scripts. Keep in sync with
// THEME_STORAGE_KEY and the default theme in client/src/lib/theme.tsx.
(function () {
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
})();
