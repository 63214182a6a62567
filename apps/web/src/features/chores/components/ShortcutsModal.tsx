import { Group, Kbd, Modal, Stack, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { TranslationKey } from '../../../lib/i18n';
import { CHORE_SHORTCUTS } from './use-chore-shortcuts';

/** The keys as they are pressed; Escape is Mantine's own for every dialog. */
const ROWS: { keys: readonly string[]; action: TranslationKey }[] = [
  { keys: CHORE_SHORTCUTS.newChore, action: 'chores.shortcuts.newChore' },
  { keys: CHORE_SHORTCUTS.toggleView, action: 'chores.shortcuts.toggleView' },
  { keys: CHORE_SHORTCUTS.toggleShortcuts, action: 'chores.shortcuts.toggleShortcuts' },
  { keys: ['Esc'], action: 'chores.shortcuts.closeModal' },
];

/** spec §2: the keyboard shortcuts of the chores page. */
export function ShortcutsModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Modal opened={opened} onClose={onClose} title={t('chores.shortcuts.title')}>
      <Stack>
        <Table>
          <Table.Tbody>
            {ROWS.map(({ keys, action }) => (
              <Table.Tr key={action}>
                <Table.Td w={90}>
                  <Group gap={4}>
                    {keys.map((key) => (
                      <Kbd key={key}>{key}</Kbd>
                    ))}
                  </Group>
                </Table.Td>
                <Table.Td>{t(action)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
        <Text size="sm" c="dimmed">
          {t('chores.shortcuts.hint')}
        </Text>
      </Stack>
    </Modal>
  );
}
