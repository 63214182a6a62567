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
//   page instead, and no outline shows. When this device drew that list last, the outline shows
//   its name and its first rows' names as they were then (lib/list-snapshot.ts), written in as
//   text once the outline's HTML has been read.
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
  var listPath = /^\/lists\/(\d+)\/?$/.exec(window.location.pathname);
  if (read('token') && listPath) {
    root.setAttribute('data-first-paint', 'list');
    var snapshot = lastDrawn(listPath[1]);
    // 'interactive': the body's HTML has been read, before the app's module scripts run.
    if (snapshot) {
      document.addEventListener('readystatechange', function fill() {
        document.removeEventListener('readystatechange', fill);
        fillOutline(snapshot);
      });
    }
  }

  function lastDrawn(listId) {
    try {
      var saved = JSON.parse(read('firstPaintList'));
      return saved &&
        String(saved.list) === listId &&
        typeof saved.name === 'string' &&
        Array.isArray(saved.items)
        ? saved
        : null;
    } catch {
      return null;
    }
  }

  function fillText(element, text) {
    element.textContent = text;
    element.classList.add('fp-filled');
    // The browser notes when these texts are first painted (Element Timing), as it notes the
    // first paint: what bench/warm-reopen.ts reads.
    element.setAttribute('elementtiming', 'first-paint-list');
  }

  // As many rows as the list had (none of a list that had no items), each with its item's name.
  function fillOutline(snapshot) {
    var title = document.querySelector('.fp-title');
    if (title) fillText(title, snapshot.name);
    var rows = document.querySelectorAll('.fp-row');
    for (var i = 0; i < rows.length; i++) {
      var item = snapshot.items[i];
      var name = rows[i].querySelector('.fp-name');
      if (!item || typeof item.name !== 'string' || !name) {
        rows[i].remove();
        continue;
      }
      fillText(name, item.name);
      if (item.done === true) rows[i].classList.add('fp-done');
    }
  }
})();
