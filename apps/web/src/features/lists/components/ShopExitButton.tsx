import { IconX } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { ButtonLink } from '../../../components/plain/Button';
import { paths } from '../../../lib/paths';
import classes from './shop.module.css';

/** Leaves supermarket mode for the list's page. */
export function ShopExitButton({ listId }: { listId: number }) {
  const { t } = useTranslation();
  return (
    <ButtonLink to={paths.list(listId)} variant="default" large>
      <IconX size={18} className={classes.buttonIcon} aria-hidden />
      {t('lists.shop.exit')}
    </ButtonLink>
  );
}
