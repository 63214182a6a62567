import {
  Center,
  Loader,
  VisuallyHidden,
  type MantineSize,
  type MantineSpacing,
} from '@mantine/core';
import { useTranslation } from 'react-i18next';

/**
 * What a page or section shows while its data or its code loads: a spinner for the eye and a
 * status that a screen reader names and announces ("Loading…" in the language shown). End-to-end
 * tests wait for `[data-page-loader]` to go before they check a page.
 */
export function PageLoader({
  size = 'md',
  py = 'xl',
  minHeight,
}: {
  size?: MantineSize;
  py?: MantineSpacing;
  /** Keeps the space of what is coming (a whole page while its code loads). */
  minHeight?: string | number;
}) {
  const { t } = useTranslation();
  return (
    <Center py={py} mih={minHeight} role="status" aria-label={t('app.loading')} data-page-loader>
      <Loader size={size} aria-hidden />
      <VisuallyHidden>{t('app.loading')}</VisuallyHidden>
    </Center>
  );
}
