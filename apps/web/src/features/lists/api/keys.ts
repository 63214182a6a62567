/**
 * Every cached list answer lives under ['lists'], so a change to a list (or a realtime event about
 * it) can refresh the cards, the archive and that list's page together.
 */
export const listKeys = {
  all: ['lists'] as const,
  /** The cards: mine (null) or one group's. */
  indexes: ['lists', 'index'] as const,
  index: (groupId: number | null) => ['lists', 'index', groupId ?? 'all'] as const,
  archivedAll: ['lists', 'archived'] as const,
  archived: (groupId: number | null) => ['lists', 'archived', groupId ?? 'all'] as const,
  groupListsAll: ['lists', 'group'] as const,
  groupLists: (groupId: number) => ['lists', 'group', groupId] as const,
  details: ['lists', 'detail'] as const,
  detail: (id: number) => ['lists', 'detail', id] as const,
  costSummary: (id: number) => ['lists', 'cost-summary', id] as const,
  /** The walking order learned for the list's shop: a renamed shop is another order. */
  walkingOrder: (id: number, shop: string) => ['lists', 'walking-order', id, shop] as const,
  /** What usually goes with `item` (the item just added) on this list, and what is due again. */
  suggestions: (id: number, item: string) => ['lists', 'suggestions', id, item] as const,
};

export const categoryKeys = {
  all: ['categories'] as const,
  of: (groupId: number | null) => ['categories', groupId ?? 'mine'] as const,
};

/** The photo jobs' cached answers, apart from the lists': a job outlives the dialog that made it. */
export const ocrKeys = {
  all: ['ocr'] as const,
  statuses: ['ocr', 'status'] as const,
  status: (id: number) => ['ocr', 'status', id] as const,
  result: (id: number) => ['ocr', 'result', id] as const,
  histories: ['ocr', 'history'] as const,
  history: (listId: number) => ['ocr', 'history', listId] as const,
};
