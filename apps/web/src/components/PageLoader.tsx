import { Center, Loader } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** What shows while a page's code or a dialog's code is on its way. */
export function PageLoader({ minHeight = '50vh' }: { minHeight?: string | number }) {
  const { t } = useTranslation();
  return (
    <Center mih={minHeight} p="md">
      <Loader role="status" aria-label={t('app.loading')} />
    </Center>
  );
}
