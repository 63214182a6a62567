type Id = number | string;

/** The endpoints of lists, items, categories and photo reading, relative to `${api_url}/api/v1`. */
export const apiPaths = {
  lists: '/lists',
  archivedLists: '/lists/archived',
  list: (id: Id) => `/lists/${id}`,
  listStatus: (id: Id) => `/lists/${id}/status`,
  listStatuses: '/lists/statuses',
  listItems: (id: Id) => `/lists/${id}/items`,
  listItem: (id: Id, itemId: Id) => `/lists/${id}/items/${itemId}`,
  listItemsOrder: (id: Id) => `/lists/${id}/items/order`,
  /** Reviewed items from a photo: a name already on the list updates that item. */
  listItemsMerge: (id: Id) => `/lists/${id}/items/merge`,
  listComplete: (id: Id) => `/lists/${id}/complete`,
  listReopen: (id: Id) => `/lists/${id}/reopen`,
  listArchive: (id: Id) => `/lists/${id}/archive`,
  listUnarchive: (id: Id) => `/lists/${id}/unarchive`,
  listDuplicate: (id: Id) => `/lists/${id}/duplicate`,
  listShare: (id: Id) => `/lists/${id}/share`,
  listUnshare: (id: Id) => `/lists/${id}/unshare`,
  listExport: (id: Id) => `/lists/${id}/export`,
  listImport: '/lists/import',
  /** What the household's trips to the list's shop taught (docs/shop-trips.md). */
  listWalkingOrder: (id: Id) => `/lists/${id}/walking-order`,
  listSuggestions: (id: Id) => `/lists/${id}/suggestions`,
  groupLists: (id: Id) => `/groups/${id}/lists`,
  item: (id: Id) => `/items/${id}`,
  categories: '/categories',
  category: (id: Id) => `/categories/${id}`,
  listCostSummary: (id: Id) => `/costs/lists/${id}/cost-summary`,
  ocrExtractItems: '/ocr/extract-items',
  ocrBatch: '/ocr/batch',
  ocrStatus: (id: Id) => `/ocr/status/${id}`,
  ocrResult: (id: Id) => `/ocr/result/${id}`,
  ocrCancel: (id: Id) => `/ocr/cancel/${id}`,
  ocrHistory: '/ocr/history',
} as const;
