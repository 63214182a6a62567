import { Button, Group, Paper, Text } from '@mantine/core';
import { IconRefresh } from '@tabler/icons-react';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useRegisterSW } from 'virtual:pwa-register/react';
import { usePageSettled } from '../lib/page-settled';

/** A running tab asks the server whether a newer version was deployed this often. */
const UPDATE_CHECK_MS = 60 * 60 * 1000;

interface UpdatePromptProps {
  /** Replaced in tests: jsdom cannot reload. */
  reloadPage?: () => void;
}

/**
 * docs/offline.md "Updates": a newly deployed version waits in the service worker until the person
 * chooses to reload, so nothing swaps the app under a half-filled form. The notice is not modal:
 * "Later" hides it, and it shows again at the next update found.
 *
 * The service worker is registered once the first page has settled (lib/page-settled.ts): its
 * install downloads the whole precache, which would otherwise compete with the page's own code
 * and reads on a phone's connection.
 */
export function UpdatePrompt(props: UpdatePromptProps) {
  if (!usePageSettled()) return null;
  return <ServiceWorkerUpdates {...props} />;
}

function ServiceWorkerUpdates({ reloadPage = () => window.location.reload() }: UpdatePromptProps) {
  const { t } = useTranslation();
  const reloadRequested = useRef(false);
  // Another tab's "Reload" may already have put the new version in charge of this one too.
  const [takenOver, setTakenOver] = useState(false);
  const {
    needRefresh: [needRefresh, setNeedRefresh],
    updateServiceWorker,
  } = useRegisterSW({
    // Mounted once the page has settled, long after its `load`: nothing to wait for any more.
    immediate: true,
    onNeedReload() {
      if (reloadRequested.current) reloadPage();
      else setTakenOver(true);
    },
    onRegisteredSW(_url, registration) {
      if (!registration) return;
      setInterval(() => {
        if (navigator.onLine) void registration.update();
      }, UPDATE_CHECK_MS);
    },
    onRegisterError(error: unknown) {
      // Without a service worker the app still works online: nothing to tell the person.
      console.warn('Service worker registration failed', error);
    },
  });

  if (!needRefresh) return null;

  const reload = () => {
    reloadRequested.current = true;
    if (takenOver) reloadPage();
    else void updateServiceWorker(true);
  };

  return (
    <Paper
      role="status"
      aria-live="polite"
      shadow="md"
      withBorder
      p="sm"
      pos="fixed"
      bottom={16}
      left="50%"
      style={{ transform: 'translateX(-50%)', zIndex: 400, maxWidth: 'calc(100vw - 32px)' }}
    >
      <Group gap="sm" justify="center">
        <IconRefresh size={20} aria-hidden style={{ flexShrink: 0 }} />
        <Text size="sm">{t('pwa.update.message')}</Text>
        <Group gap="xs" wrap="nowrap">
          <Button size="xs" onClick={reload}>
            {t('pwa.update.reload')}
          </Button>
          <Button size="xs" variant="subtle" onClick={() => setNeedRefresh(false)}>
            {t('pwa.update.later')}
          </Button>
        </Group>
      </Group>
    </Paper>
  );
}
