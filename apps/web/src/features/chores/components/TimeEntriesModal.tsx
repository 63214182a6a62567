import type { Assignment } from '@household/contracts';
import { TIME_ENTRY_MAX_MINUTES } from '@household/contracts';
import { Button, Group, Modal, NumberInput, Stack, Text } from '@mantine/core';
import { IconPlayerPlay, IconPlayerStop } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { TimeEntryRow } from './TimeEntryRow';
import { useTimeEntries, type TimeEntries } from './use-time-entries';

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
  const { t } = useTranslation();
  const time = useTimeEntries({ opened, assignment });
  const { running } = time;

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
            loading={time.isStopping}
            onClick={() => time.stopTimer(running)}
          >
            {t('assignments.time.stop')}
          </Button>
        ) : (
          <Button
            leftSection={<IconPlayerPlay size={16} aria-hidden />}
            loading={time.isStarting}
            onClick={time.startTimer}
          >
            {t('assignments.time.start')}
          </Button>
        )}
        <MinutesForm time={time} />
        {time.entries && time.entries.length === 0 && (
          <Text size="sm" c="dimmed">
            {t('assignments.time.none')}
          </Text>
        )}
        <Stack gap={4} component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
          {time.entries?.map((entry) => (
            <TimeEntryRow
              key={entry.id}
              entry={entry}
              isMine={time.isMine(entry)}
              onDelete={() => time.deleteEntry(entry)}
            />
          ))}
        </Stack>
      </Stack>
    </Modal>
  );
}

/** Minutes spent, said afterwards instead of timed. */
function MinutesForm({ time }: { time: TimeEntries }) {
  const { t } = useTranslation();
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        time.addMinutes();
      }}
    >
      <Group align="flex-end" gap="xs">
        <NumberInput
          label={t('assignments.time.minutes')}
          min={1}
          max={TIME_ENTRY_MAX_MINUTES}
          allowDecimal={false}
          value={time.minutes}
          onChange={time.setMinutes}
          error={
            time.minutes !== '' && !time.validMinutes ? t('assignments.time.invalid') : undefined
          }
          style={{ flex: 1 }}
        />
        <Button type="submit" variant="light" disabled={!time.validMinutes}>
          {t('assignments.time.add')}
        </Button>
      </Group>
    </form>
  );
}
