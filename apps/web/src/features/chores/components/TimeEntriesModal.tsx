import type { Assignment } from '@household/contracts';
import { TIME_ENTRY_MAX_MINUTES } from '@household/contracts';
import { ActionIcon, Button, Group, Modal, NumberInput, Stack, Text } from '@mantine/core';
import { IconPlayerPlay, IconPlayerStop, IconTrash } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useApi } from '../../../lib/api-context';
import { useSession } from '../../../lib/session';
import { notify } from '../../../lib/toasts';
import { timeEntriesQueryOptions } from '../api/queries';
import { useTimeEntryChanges } from '../api/mutations';
import { NAME_RULES, personName } from '../../../lib/people';

/**
 * Time spent on one assignment: start and stop a timer, or say afterwards how many minutes it
 * took; everyone in the group sees the entries, only who recorded one may delete it.
 */
export function TimeEntriesModal({
  opened,
  assignment,
  onClose,
}: {
  opened: boolean;
  assignment: Assignment | null;
  onClose: () => void;
}) {
  const { t, i18n } = useTranslation();
  const { user } = useSession();
  const assignmentId = assignment?.id ?? 0;
  const entries = useQuery({
    ...timeEntriesQueryOptions(useApi(), assignmentId),
    enabled: opened && assignment !== null,
  });
  const { create, stop, remove } = useTimeEntryChanges(assignmentId);
  const [minutes, setMinutes] = useState<number | string>('');
  const running = entries.data?.items.find(
    (entry) => entry.ended_at === null && entry.user?.id === user?.id,
  );
  const failed = () => notify({ type: 'error', message: t('assignments.time.failed') });
  const time = (iso: string) =>
    new Intl.DateTimeFormat(i18n.language, { dateStyle: 'short', timeStyle: 'short' }).format(
      new Date(iso),
    );
  const validMinutes =
    typeof minutes === 'number' &&
    Number.isInteger(minutes) &&
    minutes >= 1 &&
    minutes <= TIME_ENTRY_MAX_MINUTES;

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={t('assignments.time.title', { name: assignment?.chore_name ?? '' })}
    >
      <Stack>
        {running ? (
          <Button
            leftSection={<IconPlayerStop size={16} aria-hidden />}
            color="red"
            loading={stop.isPending}
            onClick={() => stop.mutate(running, { onError: failed })}
          >
            {t('assignments.time.stop')}
          </Button>
        ) : (
          <Button
            leftSection={<IconPlayerPlay size={16} aria-hidden />}
            loading={create.isPending}
            onClick={() => create.mutate({ start: true }, { onError: failed })}
          >
            {t('assignments.time.start')}
          </Button>
        )}
        <form
          onSubmit={(event) => {
            event.preventDefault();
            if (!validMinutes) return;
            create.mutate(
              { minutes: minutes as number },
              { onSuccess: () => setMinutes(''), onError: failed },
            );
          }}
        >
          <Group align="flex-end" gap="xs">
            <NumberInput
              label={t('assignments.time.minutes')}
              min={1}
              max={TIME_ENTRY_MAX_MINUTES}
              allowDecimal={false}
              value={minutes}
              onChange={setMinutes}
              error={minutes !== '' && !validMinutes ? t('assignments.time.invalid') : undefined}
              style={{ flex: 1 }}
            />
            <Button type="submit" variant="light" disabled={!validMinutes}>
              {t('assignments.time.add')}
            </Button>
          </Group>
        </form>
        {entries.data && entries.data.items.length === 0 && (
          <Text size="sm" c="dimmed">
            {t('assignments.time.none')}
          </Text>
        )}
        <Stack gap={4} component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
          {entries.data?.items.map((entry) => (
            <li key={entry.id}>
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
                {entry.user?.id === user?.id && (
                  <ActionIcon
                    variant="subtle"
                    color="red"
                    aria-label={t('assignments.time.delete')}
                    onClick={() => remove.mutate(entry, { onError: failed })}
                  >
                    <IconTrash size={16} aria-hidden />
                  </ActionIcon>
                )}
              </Group>
            </li>
          ))}
        </Stack>
      </Stack>
    </Modal>
  );
}
