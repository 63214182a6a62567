import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { connectClient, createFakeApi } from '../../../../test/fake-api';
import { item } from '../../../../test/features/lists/fixtures';
import { AppProviders } from '../../../app/providers';
import { createQueryClient } from '../../../lib/query-client';
import { ShopItems } from './ShopItems';
import type { ItemEntry } from './use-item-entries';

const entryOf = (shown: ReturnType<typeof item>): ItemEntry => ({
  kind: 'item',
  key: `item-${shown.id}`,
  item: shown,
});

describe('supermarket mode rows', () => {
  it('draw each item as it is now while the rows still stand in the order before a tick', () => {
    const milk = item(1, 'Milk');
    const bread = item(2, 'Bread');
    const tickedMilk = { ...milk, done: true, version: 2 };
    const { api, tokens } = connectClient(createFakeApi());
    render(
      <AppProviders api={api} tokens={tokens} queryClient={createQueryClient()}>
        <ShopItems
          listId={1}
          currency="EUR"
          entries={[entryOf(milk), entryOf(bread)]}
          items={[tickedMilk, bread]}
          readOnly={false}
        />
      </AppProviders>,
    );

    const rows = screen.getAllByTestId('shop-row');
    expect(rows.map((row) => [row.textContent, row.getAttribute('data-done')])).toEqual([
      [expect.stringContaining('Milk'), 'true'],
      [expect.stringContaining('Bread'), 'false'],
    ]);
  });
});
