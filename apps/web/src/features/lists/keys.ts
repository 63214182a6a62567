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
};

export const categoryKeys = {
  all: ['categories'] as const,
  of: (groupId: number | null) => ['categories', groupId ?? 'mine'] as const,
};

/** The same key as the groups feature uses for GET /groups, so both share one cached answer. */
export const MY_GROUPS_KEY = ['groups'] as const;
