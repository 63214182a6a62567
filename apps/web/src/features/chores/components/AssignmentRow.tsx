import type { Assignment } from '@household/contracts';
import { Badge, Button, Group, Stack, Text } from '@mantine/core';
import { IconArrowBackUp, IconArrowsExchange, IconCheck, IconClock } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { formatCalendarDate } from '../../../lib/format';

/** One of my turns: the chore, its group, when it is due or was done, and what I can do with it. */
export function AssignmentRow({
  assignment,
  isCompleting,
  onChange,
  onTime,
  onAskSwap,
}: {
  assignment: Assignment;
  isCompleting: boolean;
  onChange: (completed: boolean) => void;
  onTime: () => void;
  /** "Ask someone to take it" (docs/chores.md "Swaps"); group turns only. */
  onAskSwap?: () => void;
}) {
  const { t, i18n } = useTranslation();
  const date = (value: string) => formatCalendarDate(value, i18n.language);
  return (
    <li data-testid="assignment-row">
      <Group justify="space-between" gap="xs" wrap="wrap">
        <Stack gap={0} miw={0}>
          <Text fw={500} style={{ overflowWrap: 'anywhere' }}>
            {assignment.chore_name}
          </Text>
          <Group gap={6}>
            {assignment.group_name && (
              <Badge variant="light" color="blue">
                {assignment.group_name}
              </Badge>
            )}
            <Text size="sm" c="dimmed">
              {assignment.completed_on
                ? t('assignments.doneOn', { date: date(assignment.completed_on) })
                : t('assignments.due', { date: date(assignment.due_date) })}
            </Text>
            {assignment.minutes_spent > 0 && (
              <Text size="sm" c="dimmed">
                {t('assignments.minutes', { count: assignment.minutes_spent })}
              </Text>
            )}
          </Group>
        </Stack>
        <Group gap={6}>
          <Button
            size="xs"
            variant="subtle"
            leftSection={<IconClock size={14} aria-hidden />}
            aria-label={t('assignments.time.open', { name: assignment.chore_name })}
            onClick={onTime}
          >
            {t('assignments.time.button')}
          </Button>
          {onAskSwap && assignment.completed_on === null && assignment.group_id !== null && (
            <Button
              size="xs"
              variant="subtle"
              leftSection={<IconArrowsExchange size={14} aria-hidden />}
              aria-label={t('swaps.askLabel', { name: assignment.chore_name })}
              onClick={onAskSwap}
            >
              {t('swaps.ask')}
            </Button>
          )}
          {assignment.completed_on === null ? (
            <Button
              size="xs"
              leftSection={<IconCheck size={14} aria-hidden />}
              aria-label={t('assignments.completeLabel', { name: assignment.chore_name })}
              loading={isCompleting}
              onClick={() => onChange(true)}
            >
              {t('assignments.complete')}
            </Button>
          ) : (
            <Button
              size="xs"
              variant="default"
              leftSection={<IconArrowBackUp size={14} aria-hidden />}
              aria-label={t('assignments.undoLabel', { name: assignment.chore_name })}
              onClick={() => onChange(false)}
            >
              {t('assignments.undo')}
            </Button>
          )}
        </Group>
      </Group>
    </li>
  );
}
