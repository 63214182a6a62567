// Runs before the first paint (a classic script in <head>, the only one: the CSP allows no inline
// script): the page, and the splash it shows while the app's code loads, start in the theme the
// person chose on this device, not in the system's for a moment. Mantine's colour-scheme manager
// reads the same key (app/theme/theme.ts THEME_STORAGE_KEY) and keeps the attribute from then on.
(function () {
  var chosen = null;
  try {
    chosen = window.localStorage.getItem('theme');
  } catch {
    // Storage may be off (a private window with cookies blocked): the system's theme, then.
  }
  var scheme =
    chosen === 'light' || chosen === 'dark'
      ? chosen
      : window.matchMedia('(prefers-color-scheme: dark)').matches
        ? 'dark'
        : 'light';
  document.documentElement.setAttribute('data-mantine-color-scheme', scheme);
})();
