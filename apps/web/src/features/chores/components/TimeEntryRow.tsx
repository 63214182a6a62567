import type { TimeEntry } from '@household/contracts';
import { ActionIcon, Group, Text } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { NAME_RULES, personName } from '../../../lib/people';

/** Who spent how long and when, or since when a timer runs; only who recorded it may delete it. */
export function TimeEntryRow({
  entry,
  isMine,
  onDelete,
}: {
  entry: TimeEntry;
  isMine: boolean;
  onDelete: () => void;
}) {
  const { t, i18n } = useTranslation();
  const time = (iso: string) =>
    new Intl.DateTimeFormat(i18n.language, { dateStyle: 'short', timeStyle: 'short' }).format(
      new Date(iso),
    );
  return (
    <li>
      <Group justify="space-between" gap="xs">
        <Text size="sm">
          {entry.minutes === null
            ? t('assignments.time.running', {
                name: personName(t, entry.user, NAME_RULES.chores),
                since: time(entry.started_at),
              })
            : t('assignments.time.entry', {
                name: personName(t, entry.user, NAME_RULES.chores),
                count: entry.minutes,
                when: time(entry.started_at),
              })}
        </Text>
        {isMine && (
          <ActionIcon
            variant="subtle"
            color="red"
            aria-label={t('assignments.time.delete')}
            onClick={onDelete}
          >
            <IconTrash size={16} aria-hidden />
          </ActionIcon>
        )}
      </Group>
    </li>
  );
}
