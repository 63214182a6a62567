import type {
  Category,
  CostSummary,
  Item,
  List,
  ListDetail,
  PersonRef,
} from '@household/contracts';
import { withItems } from '../../../src/features/lists/api/items-cache';

/** Test data in the wire shapes of packages/contracts (docs/lists.md). */
export const person = (id: number, name: string | null): PersonRef => ({
  id,
  name,
  avatar_url: null,
  is_guest: false,
});

export const ann = person(5, 'Ann Example');
export const bob = person(6, 'Bob Member');

export const list = (overrides: Partial<List> = {}): List => ({
  id: 1,
  name: 'Weekly shop',
  description: '',
  group: null,
  created_by: ann,
  status: 'active',
  shop: '',
  currency: 'EUR',
  item_count: 0,
  done_count: 0,
  total_cents: 0,
  created_at: '2025-03-12T10:00:00.000Z',
  updated_at: '2025-03-12T10:00:00.000Z',
  version: 1,
  ...overrides,
});

export const item = (id: number, name: string, overrides: Partial<Item> = {}): Item => ({
  id,
  list_id: 1,
  name,
  quantity: 1,
  unit: null,
  price_cents: null,
  category_id: null,
  notes: '',
  position: id,
  added_by: ann,
  done: false,
  completed_by: null,
  completed_at: null,
  created_at: '2025-03-12T10:00:00.000Z',
  updated_at: '2025-03-12T10:00:00.000Z',
  version: 1,
  ...overrides,
});

/** A list with its items; counts and total follow from the items. */
export const listDetail = (items: Item[], overrides: Partial<List> = {}): ListDetail =>
  withItems({ ...list(overrides), items: [] }, items);

export const category = (id: number, name: string, position: number): Category => ({
  id,
  kind: 'item',
  name,
  color: 'blue',
  position,
  group_id: null,
});

export const costSummary = (overrides: Partial<CostSummary> = {}): CostSummary => ({
  list_id: 1,
  currency: 'EUR',
  total_cents: 1001,
  equal_share_cents: 500,
  participants: [
    { user: ann, items_added_cents: 701, amount_due_cents: 501, balance_cents: 200 },
    { user: bob, items_added_cents: 300, amount_due_cents: 500, balance_cents: -200 },
  ],
  ...overrides,
});
