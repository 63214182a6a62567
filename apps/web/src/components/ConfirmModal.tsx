import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/**
 * A yes-or-no question before a change: something that cannot be undone (red, the default), or
 * a step the spec asks to confirm such as ticking an item (spec §4), in the primary colour.
 * The red is the darkest shade: white on it is 5.4:1; on the theme's usual shade 8 it is 4.5:1,
 * with no margin, and Lighthouse measured 4.38-4.45:1 on this button.
 */
export function ConfirmModal({
  opened,
  title,
  text,
  confirmLabel,
  color = 'red.9',
  loading,
  error,
  onConfirm,
  onClose,
}: {
  opened: boolean;
  title: string;
  text: string;
  confirmLabel: string;
  /** A Mantine colour; `null` for the theme's primary colour. */
  color?: string | null;
  loading?: boolean;
  /** Why the last try failed, shown in the dialog (e.g. the last owner cannot leave). */
  error?: string | null;
  onConfirm: () => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Modal opened={opened} onClose={onClose} title={title}>
      <Stack>
        <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
          {text}
        </Text>
        {error && (
          <Text size="sm" c="red" role="alert">
            {error}
          </Text>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('app.cancel')}
          </Button>
          <Button
            color={color ?? undefined}
            onClick={onConfirm}
            loading={loading}
            // A harmless step may be confirmed with Enter; a destructive one needs a deliberate click.
            data-autofocus={color === null ? true : undefined}
          >
            {confirmLabel}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
