import { useTranslation } from 'react-i18next';
import { ButtonLink } from '../components/plain/Button';
import plain from '../components/plain/plain.module.css';
import { paths } from '../lib/paths';

/**
 * spec §2: any other path shows a 404 page with a Go Home button. In the first chunk, so drawn
 * without Mantine.
 */
export function NotFoundPage() {
  const { t } = useTranslation();
  return (
    <div className={plain.message}>
      <h1 className={plain.title1}>404</h1>
      <h2 className={plain.title}>{t('notFound.title')}</h2>
      <p className={plain.dimmed}>{t('notFound.text')}</p>
      <ButtonLink to={paths.home}>{t('notFound.goHome')}</ButtonLink>
    </div>
  );
}
