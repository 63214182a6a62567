import type { ActivityEntry } from '@household/contracts';
import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import { activitySentence } from './activity';
import { activityEntry } from '../../../test/features/groups/fixtures';

const merged = (added: number, updated: number): ActivityEntry =>
  activityEntry(1, 'items_merged', {
    details: { list_id: 3, list_name: 'Weekly shop', added, updated },
  });

describe('the activity sentence of items added from a photo (items_merged)', () => {
  const t = i18next.t.bind(i18next);

  it('says how many items were added and how many updated, each counted in words', () => {
    expect(activitySentence(t, merged(2, 1), 'en')).toBe(
      'Ann Example added 2 items and updated 1 item on “Weekly shop” from a photo',
    );
  });

  it('names only what happened when nothing was updated, or nothing added', () => {
    expect(activitySentence(t, merged(1, 0), 'en')).toBe(
      'Ann Example added 1 item to “Weekly shop” from a photo',
    );
    expect(activitySentence(t, merged(0, 3), 'en')).toBe(
      'Ann Example updated 3 items on “Weekly shop” from a photo',
    );
  });

  it('reads as a sentence in the language shown', async () => {
    await i18next.changeLanguage('de');
    expect(activitySentence(t, merged(4, 2), 'de')).toBe(
      'Ann Example hat aus einem Foto 4 Artikel zu „Weekly shop“ hinzugefügt und 2 Artikel aktualisiert',
    );
  });
});
