/**
 * The English texts come in three parts (vite.config.ts `englishTexts`): the sign-in part is in the
 * app's first chunk, because English is every language's fallback and the sign-in pages must draw
 * within their budget (issue 25); the lists part loads with the main layout, the list page and
 * supermarket mode, the pages a phone opens every day; the pages part, the rest, with the first
 * page (or part of a page) drawn with Mantine (app/router.tsx, app/providers.tsx).
 */

/** The top-level sections the first chunk and the pages of the auth layout use. */
export const SIGN_IN_SECTIONS: readonly string[] = [
  'app',
  'auth',
  'account',
  'errors',
  'fields',
  'nav',
  'notFound',
  'pwa',
  'settings',
  'user',
  'validation',
];

/** The sections the main layout (its bell), the list page and supermarket mode draw with. */
export const LIST_SECTIONS: readonly string[] = ['lists', 'notifications'];

export type EnglishPart = 'sign-in' | 'lists' | 'pages';

export const ENGLISH_PARTS: readonly EnglishPart[] = ['sign-in', 'lists', 'pages'];

function partOf(section: string): EnglishPart {
  if (SIGN_IN_SECTIONS.includes(section)) return 'sign-in';
  return LIST_SECTIONS.includes(section) ? 'lists' : 'pages';
}

/** One part of a texts tree: the sign-in sections, the lists' sections, or every other one. */
export function englishPart(
  texts: Record<string, unknown>,
  part: EnglishPart,
): Record<string, unknown> {
  return Object.fromEntries(Object.entries(texts).filter(([section]) => partOf(section) === part));
}
