import { SCHEDULE_WEEKS_MAX, type Chore, type Group as HouseholdGroup } from '@household/contracts';
import { Checkbox, Group, NumberInput, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { NAME_RULES, personName } from '../../../lib/people';
import type { ScheduleDraft } from './use-schedule-draft';

/** The schedule's period: the day it starts and how many weeks it covers. */
export function SchedulePeriodFields({ draft }: { draft: ScheduleDraft }) {
  const { t } = useTranslation();
  return (
    <Group grow align="flex-start">
      <TextInput
        type="date"
        label={t('assignments.schedule.start')}
        value={draft.start}
        onChange={(event) => draft.setStart(event.currentTarget.value)}
        required
      />
      <NumberInput
        label={t('assignments.schedule.weeks')}
        min={1}
        max={SCHEDULE_WEEKS_MAX}
        allowDecimal={false}
        value={draft.weeks}
        onChange={draft.setWeeks}
        error={draft.validWeeks ? undefined : t('assignments.schedule.weeksInvalid')}
      />
    </Group>
  );
}

/** Who shares the work: at least one of the group's members. */
export function ScheduleMembersField({
  draft,
  group,
}: {
  draft: ScheduleDraft;
  group: HouseholdGroup;
}) {
  const { t } = useTranslation();
  return (
    <Checkbox.Group
      label={t('assignments.schedule.members')}
      value={draft.memberIds}
      onChange={draft.setMemberIds}
      error={draft.memberIds.length === 0 ? t('assignments.schedule.membersRequired') : undefined}
    >
      <Group gap="md" mt={4}>
        {group.members.map((member) => (
          <Checkbox
            key={member.id}
            value={String(member.id)}
            label={personName(t, member, NAME_RULES.chores)}
          />
        ))}
      </Group>
    </Checkbox.Group>
  );
}

/** Which of the group's recurring chores the schedule plans. */
export function ScheduleChoresField({
  draft,
  recurring,
}: {
  draft: ScheduleDraft;
  recurring: Chore[];
}) {
  const { t } = useTranslation();
  return (
    <Checkbox.Group
      label={t('assignments.schedule.chores')}
      value={draft.choreIds}
      onChange={draft.setChoreIds}
    >
      <Group gap="md" mt={4}>
        {recurring.map((chore) => (
          <Checkbox key={chore.id} value={String(chore.id)} label={chore.name} />
        ))}
      </Group>
    </Checkbox.Group>
  );
}
