import { Button } from '@mantine/core';
import { IconX } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../../lib/paths';

/** Leaves supermarket mode for the list's page. */
export function ShopExitButton({ listId }: { listId: number }) {
  const { t } = useTranslation();
  return (
    <Button
      component={Link}
      to={paths.list(listId)}
      size="md"
      variant="default"
      leftSection={<IconX size={18} aria-hidden />}
    >
      {t('lists.shop.exit')}
    </Button>
  );
}
