import { IconX } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { ButtonLink } from '../../../components/plain/Button';
import { paths } from '../../../lib/paths';

/** Leaves supermarket mode for the list's page. */
export function ShopExitButton({ listId }: { listId: number }) {
  const { t } = useTranslation();
  return (
    <ButtonLink
      to={paths.list(listId)}
      variant="default"
      large
      leftSection={<IconX size={18} aria-hidden />}
    >
      {t('lists.shop.exit')}
    </ButtonLink>
  );
}
