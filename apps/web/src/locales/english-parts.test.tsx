import { screen } from '@testing-library/react';
import i18next from 'i18next';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import pageTexts from 'virtual:english-texts/pages';
import signInTexts from 'virtual:english-texts/sign-in';
import { renderApp } from '../../test/render-app';
import { paths } from '../lib/paths';
import en from './en.json';
import { SIGN_IN_SECTIONS } from './english-parts';

/** A text i18next could not find shows as its key: `auth.login.title`. */
const KEY_SHOWN = new RegExp(`^(${Object.keys(en).join('|')})\\.[A-Za-z]`);

describe('the English texts in two parts', () => {
  it('the two parts hold every section of en.json once', () => {
    const sections = [...Object.keys(signInTexts), ...Object.keys(pageTexts)].sort();
    expect(sections).toEqual(Object.keys(en).sort());
    expect({ ...signInTexts, ...pageTexts }).toEqual(en);
  });

  it('every sign-in section exists in en.json, so a renamed one cannot go missing', () => {
    for (const section of SIGN_IN_SECTIONS) expect(Object.keys(en)).toContain(section);
    expect(Object.keys(signInTexts).sort()).toEqual([...SIGN_IN_SECTIONS].sort());
  });

  it('the pages part is the larger one: the first chunk carries the small part', () => {
    expect(JSON.stringify(signInTexts).length * 5).toBeLessThan(JSON.stringify(pageTexts).length);
  });
});

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
    const page = document.body.cloneNode(true) as HTMLElement;
    for (const style of page.querySelectorAll('style')) style.remove();
    const labels = [...page.querySelectorAll('[aria-label]')].map((element) =>
      element.getAttribute('aria-label'),
    );
    const walker = document.createTreeWalker(page, NodeFilter.SHOW_TEXT);
    const texts: string[] = [];
    while (walker.nextNode()) texts.push(walker.currentNode.textContent ?? '');
    expect([...texts, ...labels].filter((text) => KEY_SHOWN.test(text ?? ''))).toEqual([]);
  });
});
