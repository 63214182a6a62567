import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useRegisterSW } from 'virtual:pwa-register/react';
import { Button } from '../components/plain/Button';
import plain from '../components/plain/plain.module.css';
import { usePageSettled } from '../lib/page-settled';
import classes from './UpdatePrompt.module.css';

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
 * and reads on a phone's connection. Drawn without Mantine, which the sign-in pages do not load:
 * it may show beside any page.
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
    <div role="status" aria-live="polite" className={`${plain.card} ${classes.prompt}`}>
      <p className={plain.text}>{t('pwa.update.message')}</p>
      <div className={classes.actions}>
        <Button compact onClick={reload}>
          {t('pwa.update.reload')}
        </Button>
        <Button compact variant="subtle" onClick={() => setNeedRefresh(false)}>
          {t('pwa.update.later')}
        </Button>
      </div>
    </div>
  );
}
