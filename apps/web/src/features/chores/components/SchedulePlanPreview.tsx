import type { Group as HouseholdGroup, ScheduleResult } from '@household/contracts';
import { Stack, Table, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatCalendarDate } from '../../../lib/format';
import { NAME_RULES, personName } from '../../../lib/people';

/** The rotation the server plans (spec §2 Preview): every turn, then each member's load. */
export function SchedulePlanPreview({
  plan,
  group,
}: {
  plan: ScheduleResult;
  group: HouseholdGroup;
}) {
  const { t, i18n } = useTranslation();
  const date = (value: string) => formatCalendarDate(value, i18n.language);
  return (
    <Stack gap="xs" data-testid="schedule-preview">
      <Title order={3} size="h5">
        {t('assignments.schedule.planTitle', {
          from: date(plan.start_date),
          to: date(plan.end_date),
        })}
      </Title>
      {plan.assignments.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('assignments.schedule.empty')}
        </Text>
      ) : (
        <PlannedTurnsTable plan={plan} group={group} />
      )}
      <Stack gap={2} component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
        {plan.loads.map((load) => (
          <Text component="li" size="sm" key={load.user.id} data-testid="planned-load">
            {t('assignments.schedule.load', {
              name: personName(t, load.user, NAME_RULES.chores),
              count: load.planned_count,
              planned: load.planned_effort,
              prior: load.prior_effort,
            })}
          </Text>
        ))}
      </Stack>
    </Stack>
  );
}

/** Date, chore and who: a claimable turn is open to take; a turn nobody can take is in red. */
function PlannedTurnsTable({ plan, group }: { plan: ScheduleResult; group: HouseholdGroup }) {
  const { t, i18n } = useTranslation();
  const date = (value: string) => formatCalendarDate(value, i18n.language);
  const nameOf = (id: number | null) =>
    id === null
      ? t('assignments.schedule.nobody')
      : personName(t, group.members.find((member) => member.id === id) ?? null, NAME_RULES.chores);
  return (
    <Table.ScrollContainer minWidth={320}>
      <Table striped>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('assignments.schedule.date')}</Table.Th>
            <Table.Th>{t('assignments.schedule.chore')}</Table.Th>
            <Table.Th>{t('assignments.schedule.who')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {plan.assignments.map((a) => (
            <Table.Tr key={`${a.chore_id}/${a.due_date}`} data-testid="planned-row">
              <Table.Td>{date(a.due_date)}</Table.Td>
              <Table.Td>{a.chore_name}</Table.Td>
              {a.open ? (
                <Table.Td>{t('assignments.schedule.openToTake')}</Table.Td>
              ) : (
                <Table.Td c={a.user_id === null ? 'red' : undefined}>{nameOf(a.user_id)}</Table.Td>
              )}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
