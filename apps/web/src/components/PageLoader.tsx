import {
  Center,
  Loader,
  Stack,
  Text,
  VisuallyHidden,
  type MantineSize,
  type MantineSpacing,
} from '@mantine/core';
import { useRetryingBusyServer } from '../lib/busy-server';
import { useLoadingLabel } from './LoadingText';

/**
 * What a page or section shows while its data or its code loads: a spinner for the eye and a
 * status that a screen reader names and announces ("Loading…" in the language shown). While a read
 * waits to be sent again to a busy server, the status says so, visibly. End-to-end tests wait for
 * `[data-page-loader]` to go before they check a page.
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
  const label = useLoadingLabel();
  const retrying = useRetryingBusyServer();
  return (
    <Center py={py} mih={minHeight} role="status" aria-label={label} data-page-loader>
      <Stack align="center" gap="xs">
        <Loader size={size} aria-hidden />
        {retrying ? <Text size="sm">{label}</Text> : <VisuallyHidden>{label}</VisuallyHidden>}
      </Stack>
    </Center>
  );
}
