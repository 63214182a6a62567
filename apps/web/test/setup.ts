import '@testing-library/jest-dom/vitest';
import 'fake-indexeddb/auto';
import { notifications } from '@mantine/notifications';
import { cleanup, configure } from '@testing-library/react';
import { IDBFactory } from 'fake-indexeddb';
import i18next from 'i18next';
import { afterEach, vi } from 'vitest';
import { initI18n, loadPageTexts } from '../src/lib/i18n';

// jsdom lacks the layout APIs Mantine and the router's scroll restoration call.
Object.defineProperty(window, 'matchMedia', {
  writable: true,
  value: (query: string) => ({
    matches: false,
    media: query,
    onchange: null,
    addListener: () => undefined,
    removeListener: () => undefined,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
    dispatchEvent: () => false,
  }),
});
window.scrollTo = vi.fn() as unknown as typeof window.scrollTo;
window.HTMLElement.prototype.scrollIntoView = () => undefined;
globalThis.ResizeObserver = class {
  observe() {}
  unobserve() {}
  disconnect() {}
};

await initI18n('en');
// Every test may draw any page: all the English texts, as a signed-in page has them.
await loadPageTexts();

// Whole pages render in these tests; typing into them on a busy machine can take seconds.
vi.setConfig({ testTimeout: 20_000 });
// A page's code is imported when its route first matches, and the first import of a page in a
// test file transforms its modules: on a busy machine that alone can pass the default second (the
// group expenses page took 7.7 s in a CI run beside end-to-end tests). Only a failing wait is
// slower for it.
configure({ asyncUtilTimeout: 10_000 });

afterEach(async () => {
  cleanup();
  notifications.clean();
  window.localStorage.clear();
  // jsdom has no IndexedDB (the lists' outbox keeps its queue there): a fresh one per test.
  globalThis.indexedDB = new IDBFactory();
  await i18next.changeLanguage('en');
});
