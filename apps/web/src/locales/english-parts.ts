/**
 * The English texts come in two parts (vite.config.ts `englishTexts`): the sign-in part is in the
 * app's first chunk, because English is every language's fallback and the sign-in pages must draw
 * within their budget (issue 25); the pages part, nine tenths of the file, loads with the first
 * page behind the sign-in (app/router.tsx).
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

export type EnglishPart = 'sign-in' | 'pages';

/** One part of a texts tree: the sign-in sections, or every other one. */
export function englishPart(
  texts: Record<string, unknown>,
  part: EnglishPart,
): Record<string, unknown> {
  const inSignIn = (section: string) => SIGN_IN_SECTIONS.includes(section);
  return Object.fromEntries(
    Object.entries(texts).filter(([section]) => inSignIn(section) === (part === 'sign-in')),
  );
}
