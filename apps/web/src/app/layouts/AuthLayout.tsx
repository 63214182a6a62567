import { Outlet } from 'react-router';
import plain from '../../components/plain/plain.module.css';
import { LanguageSelect } from '../../features/account/components/LanguageSelect';
import { APP_NAME } from '../../lib/i18n';
import classes from './AuthLayout.module.css';

/**
 * The auth pages in a narrow card; the language can be chosen before signing in. Drawn without
 * Mantine, as the login page is: the pages that use Mantine bring its provider with them
 * (app/router.tsx).
 */
export function AuthLayout() {
  return (
    <div className={classes.page}>
      <div className={classes.column}>
        <div className={classes.header}>
          <h1 className={classes.name}>{APP_NAME}</h1>
          <LanguageSelect size="xs" />
        </div>
        <div className={plain.card}>
          <Outlet />
        </div>
      </div>
    </div>
  );
}
