import { AxeBuilder } from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/**
 * The accessibility gate (docs/accessibility.md): axe-core on the page as it is, in the light and
 * the dark theme. Serious and critical violations fail; lesser ones are left to review.
 */

type Scheme = 'light' | 'dark';

const FAILING_IMPACTS = new Set(['serious', 'critical']);

/** WCAG 2.0, 2.1 and 2.2 A and AA: the level the app promises. */
const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

/**
 * Rules of those levels that axe-core tags experimental and so leaves out of a tag selection,
 * turned on by name: a control's accessible name must contain its visible text (WCAG 2.5.3, Label
 * in Name), so that "click Mark Complete" works for a person speaking to their phone.
 */
const EXPERIMENTAL_RULES = { 'label-content-name-mismatch': { enabled: true } };

/**
 * Findings on markup the app does not write, by rule, recognised by the element's opening tag.
 * FullCalendar names each day cell of its grid (`role="gridcell"`) by the day's number only
 * (`aria-labelledby`), while the cell also shows that day's chores; the chores are links of their
 * own, named by what they show, so nobody needs the cell's name to reach them.
 */
const NOT_OURS: Record<string, RegExp> = {
  'label-content-name-mismatch':
    /^<td\b(?=[^>]*\bclass="(?:[^"]*\s)?fc-daygrid-day[\s"])(?=[^>]*\brole="gridcell")/,
};

type Violation = Awaited<ReturnType<AxeBuilder['analyze']>>['violations'][number];

/** The violation without its nodes in markup the app does not write (NOT_OURS), if any are left. */
function ours(violation: Violation): Violation | null {
  const exempt = NOT_OURS[violation.id];
  if (!exempt) return violation;
  const nodes = violation.nodes.filter((node) => !exempt.test(node.html));
  return nodes.length > 0 ? { ...violation, nodes } : null;
}

/**
 * Waits until the page shows what it is going to show: the document loaded, no page loader,
 * no button spinning, and every CSS transition and animation (a modal fading in, a toast
 * sliding) finished, so axe measures colours as they end up, not half-way.
 */
export async function waitForSettled(page: Page) {
  await page.waitForLoadState('load');
  await expect(page.locator('[data-page-loader]')).toHaveCount(0);
  await expect(page.locator('button[data-loading]')).toHaveCount(0);
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => animation.effect?.getComputedTiming().iterations !== Infinity)
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  );
}

async function setScheme(page: Page, scheme: Scheme) {
  await page.evaluate(
    (value) => document.documentElement.setAttribute('data-mantine-color-scheme', value),
    scheme,
  );
}

function describeViolations(scheme: Scheme, violations: Violation[]): string[] {
  return violations
    .filter((violation) => FAILING_IMPACTS.has(violation.impact ?? ''))
    .map(ours)
    .filter((violation) => violation !== null)
    .map((violation) => {
      const targets = violation.nodes
        .slice(0, 8)
        .map(
          (node) =>
            `    ${node.target.join(' ')}${node.failureSummary ? `: ${firstLine(node.failureSummary)}` : ''}`,
        )
        .join('\n');
      const more =
        violation.nodes.length > 8 ? `\n    … and ${violation.nodes.length - 8} more` : '';
      return `[${scheme}] ${violation.id} (${violation.impact}): ${violation.help}\n${targets}${more}\n    ${violation.helpUrl}`;
    });
}

function firstLine(summary: string): string {
  return summary.split('\n').slice(1, 2).join(' ').trim() || summary.split('\n')[0]!;
}

const ATTEMPTS = 3;

/**
 * Runs axe on a settled page, and again if the page changed while axe measured: a toast whose
 * time ran out starts fading in the middle of a scan, and axe would judge its half-transparent
 * text. The last attempt counts whatever happened.
 */
async function analyzeWhileStill(page: Page) {
  for (let attempt = 1; ; attempt++) {
    await waitForSettled(page);
    const watch = await page.evaluateHandle(() => {
      const seen = { changes: 0 };
      const observer = new MutationObserver((records) => (seen.changes += records.length));
      observer.observe(document.body, { subtree: true, childList: true, attributes: true });
      return { seen, observer };
    });
    const { violations } = await new AxeBuilder({ page })
      .options({ rules: EXPERIMENTAL_RULES })
      .withTags(TAGS)
      .analyze();
    const changes = await watch.evaluate(({ seen, observer }) => {
      observer.disconnect();
      return seen.changes;
    });
    await watch.dispose();
    if (changes === 0 || attempt === ATTEMPTS) return violations;
  }
}

/** Runs axe in both themes and returns the readable serious and critical violations. */
export async function auditAccessibility(page: Page): Promise<string[]> {
  await waitForSettled(page);
  const original = await page.evaluate(() =>
    document.documentElement.getAttribute('data-mantine-color-scheme'),
  );
  const first: Scheme = original === 'dark' ? 'dark' : 'light';
  const found: string[] = [];
  try {
    for (const scheme of [first, first === 'light' ? 'dark' : 'light'] as const) {
      await setScheme(page, scheme);
      found.push(...describeViolations(scheme, await analyzeWhileStill(page)));
    }
  } finally {
    if (!page.isClosed()) {
      await page.evaluate((value) => {
        if (value) document.documentElement.setAttribute('data-mantine-color-scheme', value);
        else document.documentElement.removeAttribute('data-mantine-color-scheme');
      }, original);
    }
  }
  return found;
}

/**
 * Fails with every serious or critical axe violation of the page, in light and in dark: rule id,
 * help text and the selectors of the elements at fault. Call it after opening a modal, a menu or
 * any state the end of the test will not show; the `test` of support/test.ts calls it at the end
 * of every test on every page the test opened.
 */
export async function expectAccessible(page: Page, where = '') {
  const found = await auditAccessibility(page);
  const url = new URL(page.url());
  expect(
    found.length,
    `accessibility of ${url.pathname}${url.search}${where ? ` (${where})` : ''}:\n${found.join('\n')}`,
  ).toBe(0);
}
