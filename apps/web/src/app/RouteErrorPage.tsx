import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useRouteError } from 'react-router';
import { Button } from '../components/plain/Button';
import plain from '../components/plain/plain.module.css';
import { useRevealApp } from '../lib/first-paint';
import { reportError } from '../lib/sentry';

/**
 * A page that crashed is reported (spec §1) and the user can reload. Drawn without Mantine: it must
 * show when a chunk cannot be fetched at all, Mantine's included.
 */
export function RouteErrorPage() {
  const { t } = useTranslation();
  const error = useRouteError();
  useEffect(() => reportError(error), [error]);
  useRevealApp();
  return (
    <div className={plain.message}>
      <h2 className={plain.title}>{t('errors.crashTitle')}</h2>
      <p className={plain.dimmed}>{t('errors.crashText')}</p>
      <Button onClick={() => window.location.reload()}>{t('errors.reload')}</Button>
    </div>
  );
}
