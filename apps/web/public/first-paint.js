// Runs before the first paint (a classic script in <head>, the only one: the CSP allows no inline
// script), so that what the page shows while the app's code loads is already right:
// - the theme the person chose on this device, not the system's for a moment. Mantine's
//   colour-scheme manager reads the same key (app/theme/theme.ts THEME_STORAGE_KEY) and keeps the
//   attribute from then on;
// - the language chosen on this device (lib/i18n.ts LOCALE_STORAGE_KEY), which picks the texts of
//   the outline below and tells screen readers the page's language;
// - on a list's page, for a person signed in on this device, the outline of that page
//   (index.html, build/first-paint-outline.ts): drawn from the HTML at once, it stands in for the
//   page until the app draws the list (lib/first-paint.ts). Signed out, the app goes to the login
//   page instead, and no outline shows.
(function () {
  function read(key) {
    try {
      return window.localStorage.getItem(key);
    } catch {
      // Storage may be off (a private window with cookies blocked): nothing was chosen, then.
      return null;
    }
  }
  var root = document.documentElement;

  var chosen = read('theme');
  var scheme =
    chosen === 'light' || chosen === 'dark'
      ? chosen
      : window.matchMedia('(prefers-color-scheme: dark)').matches
        ? 'dark'
        : 'light';
  root.setAttribute('data-mantine-color-scheme', scheme);

  var locale = read('locale');
  if (['en', 'de', 'nl', 'fr', 'es'].indexOf(locale) !== -1) root.lang = locale;

  // lib/paths.ts routePatterns.list
  if (read('token') && /^\/lists\/\d+\/?$/.test(window.location.pathname)) {
    root.setAttribute('data-first-paint', 'list');
  }
})();
