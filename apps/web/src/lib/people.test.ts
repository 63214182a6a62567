import type { PersonRef } from '@household/contracts';
import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import { NAME_RULES, personName } from './people';

const t = i18next.t.bind(i18next);
const person = (overrides: Partial<PersonRef> = {}): PersonRef => ({
  id: 7,
  name: 'Ann Example',
  avatar_url: null,
  is_guest: false,
  ...overrides,
});
const nameless = person({ name: null });
const namelessGuest = person({ name: null, is_guest: true });

describe('personName (spec §3)', () => {
  it.each(Object.entries(NAME_RULES))('shows a person with a name by that name (%s)', (_, rule) => {
    expect(personName(t, person(), rule)).toBe('Ann Example');
    expect(personName(t, person({ is_guest: true, name: 'Bo' }), rule)).toBe('Bo');
  });

  it('groups: a nameless member is "User ID" and the id, a nameless guest is Guest', () => {
    expect(personName(t, nameless, NAME_RULES.groups)).toBe('User ID 7');
    expect(personName(t, namelessGuest, NAME_RULES.groups)).toBe('Guest');
    expect(personName(t, null, NAME_RULES.groups)).toBe('Deleted user');
  });

  it('lists: anyone nameless, guest or not, is "User ID" and the id', () => {
    expect(personName(t, nameless, NAME_RULES.lists)).toBe('User ID 7');
    expect(personName(t, namelessGuest, NAME_RULES.lists)).toBe('User ID 7');
    expect(personName(t, null, NAME_RULES.lists)).toBe('Deleted user');
  });

  it.each([
    ['expenses', NAME_RULES.expenses],
    ['chores', NAME_RULES.chores],
  ])(
    '%s: a nameless account is a deleted one (its name removed, its id kept), a guest is Guest',
    (_, rule) => {
      expect(personName(t, nameless, rule)).toBe('Deleted user');
      expect(personName(t, namelessGuest, rule)).toBe('Guest');
      expect(personName(t, null, rule)).toBe('Deleted user');
    },
  );

  it('says "deleted" in the words of each screen', async () => {
    await i18next.changeLanguage('de');
    expect(personName(t, null, NAME_RULES.lists)).toBe('Gelöschter Nutzer');
    expect(personName(t, null, NAME_RULES.groups)).toBe('Gelöschter Benutzer');
    expect(personName(t, nameless, NAME_RULES.chores)).toBe('Gelöschter Benutzer');
  });
});
