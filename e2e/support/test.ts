import { test as base, type Browser, type BrowserContext } from '@playwright/test';
import { auditAccessibility } from './axe';

/**
 * The `test` every spec imports: Playwright's, plus the accessibility gate. When a test passes,
 * every page still open in its contexts (the default one and any the test made with
 * `browser.newContext()`) is checked with axe in light and dark; a serious or critical violation
 * fails the test. `expectAccessible(page)` (support/axe.ts) checks a state the end does not show.
 *
 * A test whose last screen cannot be checked says why and sets `test.use({ accessibilityGate:
 * false })`.
 */
export const test = base.extend<{ accessibilityGate: boolean; _accessibilityAudit: void }>({
  accessibilityGate: [true, { option: true }],
  _accessibilityAudit: [
    async ({ accessibilityGate, context, browser }, use, testInfo) => {
      const contexts = new Set<BrowserContext>([context]);
      const newContext = browser.newContext.bind(browser);
      const tracking: Browser['newContext'] = async (options) => {
        const created = await newContext(options);
        contexts.add(created);
        return created;
      };
      browser.newContext = tracking;
      try {
        await use();
      } finally {
        browser.newContext = newContext;
      }
      if (!accessibilityGate || testInfo.status !== testInfo.expectedStatus) return;
      const found: string[] = [];
      for (const each of contexts) {
        for (const page of each.pages()) {
          if (page.isClosed() || page.url() === 'about:blank') continue;
          const url = new URL(page.url());
          for (const violation of await auditAccessibility(page)) {
            found.push(`${url.pathname}${url.search} ${violation}`);
          }
        }
      }
      if (found.length > 0) {
        throw new Error(`Accessibility violations at the end of the test:\n${found.join('\n')}`);
      }
    },
    // Its own time, apart from the test's: two themes on every open page of a slow machine can
    // take most of a minute, and the test's 30 s are for what the test itself does.
    { auto: true, timeout: 120_000 },
  ],
});

export { expect } from '@playwright/test';
export { expectAccessible } from './axe';
export type {
  APIRequestContext,
  Browser,
  BrowserContext,
  Locator,
  Page,
  Route,
} from '@playwright/test';
