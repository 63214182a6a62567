import { useHotkeys } from '@mantine/hooks';

/** spec §2 keyboard shortcuts, as the shortcuts dialog shows them. */
export const CHORE_SHORTCUTS = {
  newChore: ['n'],
  toggleView: ['v'],
  toggleShortcuts: ['?'],
} as const;

/** Inputs nobody types text into: a letter there is meant for the page. */
const NOT_TYPED_INTO = new Set(['button', 'checkbox', 'color', 'file', 'radio', 'range', 'reset']);

/**
 * Whether a key pressed here is text being typed: a text field, a text area, a select (letters
 * pick an option) or editable text. Mantine goes by tag name only, which would also silence the
 * shortcuts on the list/calendar switch (radio inputs) right after it was clicked.
 */
export function isTypingIn(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable) return true;
  if (target instanceof HTMLTextAreaElement || target instanceof HTMLSelectElement) return true;
  return target instanceof HTMLInputElement && !NOT_TYPED_INTO.has(target.type);
}

/**
 * The chores page's keys: `n` new chore, `v` list or calendar, `?` the shortcuts dialog. They
 * never fire while the person types (see `isTypingIn`), nor with Ctrl, Alt or Meta held (Mantine
 * matches the modifiers exactly), nor again and again while a key is held down.
 */
export function useChoreShortcuts({
  onNewChore,
  onToggleView,
  onToggleShortcuts,
}: {
  onNewChore: () => void;
  onToggleView: () => void;
  onToggleShortcuts: () => void;
}) {
  const when = (action: () => void) => (event: KeyboardEvent) => {
    if (event.repeat || isTypingIn(event.target)) return;
    event.preventDefault();
    action();
  };
  // The page decides what is ignored and when to prevent the default, so typed letters stay.
  const options = { preventDefault: false };
  useHotkeys(
    [
      ['n', when(onNewChore), options],
      ['v', when(onToggleView), options],
      // '?' takes Shift on most keyboard layouts and not on a few: either way it is the same key.
      ['shift+?', when(onToggleShortcuts), options],
      ['?', when(onToggleShortcuts), options],
    ],
    [],
  );
}
