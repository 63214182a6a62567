import type { Group as HouseholdGroup } from '@household/contracts';
import { ActionIcon, Button, Group, NativeSelect, Stack, Text, TextInput } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { NAME_RULES, personName } from '../../../lib/people';
import type { AwayPeriod, ScheduleDraft } from './use-schedule-draft';

/** Who is away when: the schedule gives nobody a turn while they are away. */
export function AwayPeriodsField({
  draft,
  group,
}: {
  draft: ScheduleDraft;
  group: HouseholdGroup;
}) {
  const { t } = useTranslation();
  return (
    <Stack gap="xs">
      <Text size="sm" fw={500}>
        {t('assignments.schedule.away')}
      </Text>
      {draft.away.map((period, index) => (
        <AwayPeriodRow
          key={period.key}
          period={period}
          number={index + 1}
          group={group}
          onChange={(patch) => draft.updateAway(period.key, patch)}
          onRemove={() => draft.removeAway(period.key)}
        />
      ))}
      <Group>
        <Button
          size="xs"
          variant="light"
          leftSection={<IconPlus size={14} aria-hidden />}
          onClick={draft.addAway}
        >
          {t('assignments.schedule.awayAdd')}
        </Button>
      </Group>
    </Stack>
  );
}

/** One away period; its fields are numbered so that each one's label is unique. */
function AwayPeriodRow({
  period,
  number,
  group,
  onChange,
  onRemove,
}: {
  period: AwayPeriod;
  number: number;
  group: HouseholdGroup;
  onChange: (patch: Partial<AwayPeriod>) => void;
  onRemove: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Group align="flex-end" gap="xs" wrap="wrap">
      <NativeSelect
        label={t('assignments.schedule.awayWho', { n: number })}
        data={group.members.map((m) => ({
          value: String(m.id),
          label: personName(t, m, NAME_RULES.chores),
        }))}
        value={period.userId}
        onChange={(event) => onChange({ userId: event.currentTarget.value })}
      />
      <TextInput
        type="date"
        label={t('assignments.schedule.awayFrom', { n: number })}
        value={period.from}
        onChange={(event) => onChange({ from: event.currentTarget.value })}
      />
      <TextInput
        type="date"
        label={t('assignments.schedule.awayTo', { n: number })}
        value={period.to}
        onChange={(event) => onChange({ to: event.currentTarget.value })}
        error={
          period.from && period.to && period.from > period.to
            ? t('assignments.schedule.awayOrder')
            : undefined
        }
      />
      <ActionIcon
        variant="subtle"
        color="red"
        size="lg"
        aria-label={t('assignments.schedule.awayRemove', { n: number })}
        onClick={onRemove}
      >
        <IconTrash size={16} aria-hidden />
      </ActionIcon>
    </Group>
  );
}
