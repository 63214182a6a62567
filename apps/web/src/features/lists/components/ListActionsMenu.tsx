import type { List } from '@household/contracts';
import { IconDots } from '@tabler/icons-react';
import { lazy, Suspense, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { MantineIsland } from '../../../components/MantineIsland';
import { Button } from '../../../components/plain/Button';
import { usePopoverButton } from '../../../components/popover-button';
import classes from './header.module.css';

const loadDropdown = () => import('./ListActionsDropdown');
const ListActionsDropdown = lazy(() =>
  loadDropdown().then((m) => ({ default: m.ListActionsDropdown })),
);

/**
 * The Actions button of a list's page, drawn without Mantine; the menu (a Mantine menu, and the
 * dialogs it opens) loads when the button is first pressed, or the pointer or focus comes to it.
 * Focus comes back to the button when the menu closes without opening a dialog.
 */
export function ListActionsMenu({ list }: { list: List }) {
  const { t } = useTranslation();
  const { opened, setOpened, loaded, buttonProps } = usePopoverButton();
  const button = useRef<HTMLButtonElement>(null);
  const preload = () => void loadDropdown();

  const onChange = (next: boolean) => {
    setOpened(next);
    if (next) return;
    // After the menu's own focus handling, unless an item opened a dialog, which takes focus.
    requestAnimationFrame(() => {
      const active = document.activeElement;
      const lost = active === null || active === document.body;
      if (lost && !document.querySelector('[role="dialog"]')) button.current?.focus();
    });
  };

  return (
    <span className={classes.menuAnchor}>
      <Button
        ref={button}
        variant="default"
        leftSection={<IconDots size={16} aria-hidden />}
        aria-haspopup="menu"
        {...buttonProps}
        onPointerEnter={preload}
        onFocus={preload}
      >
        {t('lists.actions.menu')}
      </Button>
      {loaded && (
        <Suspense fallback={null}>
          <MantineIsland>
            <ListActionsDropdown
              list={list}
              opened={opened}
              onChange={onChange}
              targetClassName={classes.menuTarget!}
            />
          </MantineIsland>
        </Suspense>
      )}
    </span>
  );
}
