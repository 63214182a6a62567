import type { PersonRef } from '@household/contracts';
import type { TFunction } from 'i18next';

/** spec §3 display name; a person whose account is gone is a "Deleted user" (docs/groups.md). */
export function personName(t: TFunction, person: PersonRef | null): string {
  if (!person) return t('groups.deletedUser');
  if (person.name) return person.name;
  return person.is_guest ? t('user.guest') : t('user.fallback', { id: person.id });
}
