import type { PersonRef } from '@household/contracts';
import type { TFunction } from 'i18next';
import type { TranslationKey } from './i18n';

/**
 * How a screen names a person whose name it does not have. spec §3: a person shows by name, else
 * as "User ID" and the id; a guest as Guest. The screens differ in what a nameless account means.
 */
export interface NameRule {
  /** The screen's text for a person who is gone (null, or nameless where `nameless` says so). */
  deletedUser: TranslationKey;
  /**
   * A nameless account: spec §3's "User ID n", or gone where the server keeps a deleted account's
   * id with its name removed (the ledger and the chores, docs/expenses.md).
   */
  nameless: 'user-id' | 'deleted';
  /** A nameless guest: "Guest", or (on the lists) the same as any nameless account. */
  guests: 'guest' | 'as-nameless';
}

/** The rule of each screen, as each showed it before they shared one function. */
export const NAME_RULES = {
  groups: { deletedUser: 'groups.deletedUser', nameless: 'user-id', guests: 'guest' },
  lists: { deletedUser: 'lists.deletedUser', nameless: 'user-id', guests: 'as-nameless' },
  expenses: { deletedUser: 'expenses.deletedUser', nameless: 'deleted', guests: 'guest' },
  chores: { deletedUser: 'chores.card.deletedUser', nameless: 'deleted', guests: 'guest' },
} as const satisfies Record<string, NameRule>;

/** spec §3 display name of a person a screen shows, by that screen's rule. */
export function personName(t: TFunction, person: PersonRef | null, rule: NameRule): string {
  if (person === null) return t(rule.deletedUser);
  if (person.name) return person.name;
  if (person.is_guest && rule.guests === 'guest') return t('user.guest');
  return rule.nameless === 'user-id' ? t('user.fallback', { id: person.id }) : t(rule.deletedUser);
}
