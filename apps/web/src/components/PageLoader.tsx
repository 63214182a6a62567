import {
  Center,
  Loader,
  VisuallyHidden,
  type MantineSize,
  type MantineSpacing,
} from '@mantine/core';
import { useTranslation } from 'react-i18next';

/**
 * What a page or section shows while its data loads: a spinner for the eye and a status that a
 * screen reader names and announces ("Loading…" in the language shown). End-to-end tests wait
 * for `[data-page-loader]` to go before they check a page.
 */
export function PageLoader({
  size = 'md',
  py = 'xl',
}: {
  size?: MantineSize;
  py?: MantineSpacing;
}) {
  const { t } = useTranslation();
  return (
    <Center py={py} role="status" aria-label={t('app.loading')} data-page-loader>
      <Loader size={size} aria-hidden />
      <VisuallyHidden>{t('app.loading')}</VisuallyHidden>
    </Center>
  );
}
