import { screen } from '@testing-library/react';
import i18next from 'i18next';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import listTexts from 'virtual:english-texts/lists';
import pageTexts from 'virtual:english-texts/pages';
import signInTexts from 'virtual:english-texts/sign-in';
import { item, listDetail } from '../../test/features/lists/fixtures';
import { openList } from '../../test/features/lists/open-list';
import { renderApp } from '../../test/render-app';
import { paths } from '../lib/paths';
import en from './en.json';
import { LIST_SECTIONS, SIGN_IN_SECTIONS } from './english-parts';

/** A text i18next could not find shows as its key: `auth.login.title`. */
const KEY_SHOWN = new RegExp(`^(${Object.keys(en).join('|')})\\.[A-Za-z]`);

describe('the English texts in three parts', () => {
  it('the three parts hold every section of en.json once', () => {
    const sections = [
      ...Object.keys(signInTexts),
      ...Object.keys(listTexts),
      ...Object.keys(pageTexts),
    ].sort();
    expect(sections).toEqual(Object.keys(en).sort());
    expect({ ...signInTexts, ...listTexts, ...pageTexts }).toEqual(en);
  });

  it('every sign-in and list section exists in en.json, so a renamed one cannot go missing', () => {
    for (const section of [...SIGN_IN_SECTIONS, ...LIST_SECTIONS]) {
      expect(Object.keys(en)).toContain(section);
    }
    expect(Object.keys(signInTexts).sort()).toEqual([...SIGN_IN_SECTIONS].sort());
    expect(Object.keys(listTexts).sort()).toEqual([...LIST_SECTIONS].sort());
  });

  it('the pages part is the larger one: the first chunk carries the small part', () => {
    expect(JSON.stringify(signInTexts).length * 5).toBeLessThan(JSON.stringify(pageTexts).length);
  });
});

/** Every text and name on the page that is a text's key: what i18next shows for a missing text. */
function keysShown(): string[] {
  const page = document.body.cloneNode(true) as HTMLElement;
  for (const style of page.querySelectorAll('style')) style.remove();
  const labels = [...page.querySelectorAll('[aria-label]')].map((element) =>
    element.getAttribute('aria-label'),
  );
  const walker = document.createTreeWalker(page, NodeFilter.SHOW_TEXT);
  const texts: string[] = [];
  while (walker.nextNode()) texts.push(walker.currentNode.textContent ?? '');
  return [...texts, ...labels].filter((text): text is string => KEY_SHOWN.test(text ?? ''));
}

describe('the auth pages draw with the sign-in part alone', () => {
  beforeEach(() => {
    // As on a first visit to a sign-in page: the pages part is not loaded yet.
    i18next.removeResourceBundle('en', 'translation');
    i18next.addResourceBundle('en', 'translation', { ...signInTexts });
  });
  afterEach(() => {
    i18next.addResourceBundle('en', 'translation', pageTexts, true, true);
  });

  it.each([
    paths.login,
    paths.signup,
    paths.forgotPassword,
    `${paths.resetPassword}?token=abc`,
    paths.unlock,
    `${paths.confirmEmail}?token=abc`,
  ])('%s shows no text key', async (path) => {
    renderApp(path);
    expect(await screen.findByRole('heading', { level: 2 })).toBeInTheDocument();
    expect(keysShown()).toEqual([]);
  });
});

describe('the list page and supermarket mode draw with the sign-in and lists parts alone', () => {
  beforeEach(() => {
    // As on a phone opening its list: nothing drawn with Mantine has loaded the other texts yet,
    // and the expenses under the items stay unloaded (they are never scrolled near).
    i18next.removeResourceBundle('en', 'translation');
    i18next.addResourceBundle('en', 'translation', { ...signInTexts, ...listTexts });
    globalThis.IntersectionObserver = class {
      observe() {}
      disconnect() {}
    } as unknown as typeof IntersectionObserver;
  });
  afterEach(() => {
    delete (globalThis as { IntersectionObserver?: unknown }).IntersectionObserver;
    i18next.addResourceBundle('en', 'translation', pageTexts, true, true);
  });

  it.each([
    ['the list page', '/lists/1'],
    ['supermarket mode', '/lists/1/shop'],
  ])('%s shows no text key', async (_, path) => {
    openList(listDetail([item(1, 'Milk', { price_cents: 199 }), item(2, 'Eggs', { done: true })]), {
      path,
    });
    expect(await screen.findByRole('heading', { name: 'Weekly shop' })).toBeInTheDocument();
    expect(await screen.findByText('Milk')).toBeInTheDocument();
    expect(keysShown()).toEqual([]);
    // The pages part did not come with them.
    expect(i18next.exists('expenses.title')).toBe(false);
  });
});
