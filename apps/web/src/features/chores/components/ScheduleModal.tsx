import {
  SCHEDULE_WEEKS_MAX,
  type Chore,
  type GenerateScheduleBody,
  type Group as HouseholdGroup,
  type ScheduleResult,
} from '@household/contracts';
import {
  ActionIcon,
  Alert,
  Button,
  Checkbox,
  Group,
  Modal,
  NativeSelect,
  NumberInput,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../../lib/session';
import { notify } from '../../../lib/toasts';
import { useGenerateSchedule } from '../api/mutations';
import { choreErrorKey } from '../errors';
import { formatCalendarDate } from '../../../lib/format';
import { NAME_RULES, personName } from '../../../lib/people';
import { todayForUser } from './chore-format';

interface Away {
  key: number;
  userId: string;
  from: string;
  to: string;
}

/**
 * spec §2 generate-schedule modal (docs/chores.md "Generating a schedule"): the period, who shares
 * the work, which recurring chores and who is away when; Preview shows the fair rotation the
 * server plans, and Save schedule stores exactly that plan.
 */
export function ScheduleModal({
  opened,
  group,
  chores,
  onClose,
}: {
  opened: boolean;
  group: HouseholdGroup;
  chores: Chore[];
  onClose: () => void;
}) {
  const { t, i18n } = useTranslation();
  const { user } = useSession();
  const recurring = chores.filter((chore) => chore.frequency !== 'one_time');
  const [start, setStart] = useState(() => todayForUser(user?.timezone));
  const [weeks, setWeeks] = useState<number | string>(4);
  const [memberIds, setMemberIds] = useState(() => group.members.map((m) => String(m.id)));
  const [choreIds, setChoreIds] = useState(() => recurring.map((c) => String(c.id)));
  const [away, setAway] = useState<Away[]>([]);
  const [plan, setPlan] = useState<ScheduleResult | null>(null);
  const generate = useGenerateSchedule(group.id);

  const validWeeks =
    typeof weeks === 'number' &&
    Number.isInteger(weeks) &&
    weeks >= 1 &&
    weeks <= SCHEDULE_WEEKS_MAX;
  const validAway = away.every((period) => period.from && period.to && period.from <= period.to);
  const ready =
    validWeeks && memberIds.length > 0 && choreIds.length > 0 && validAway && start !== '';
  const body = (preview: boolean): GenerateScheduleBody => ({
    start_date: start,
    weeks: weeks as number,
    member_ids: memberIds.map(Number),
    chore_ids: choreIds.map(Number),
    away: away.map((period) => ({
      user_id: Number(period.userId),
      from: period.from,
      to: period.to,
    })),
    preview,
  });
  // Any change of the choices makes the shown preview stale.
  const changed =
    <T,>(set: (value: T) => void) =>
    (value: T) => {
      set(value);
      setPlan(null);
    };
  const nameOf = (id: number | null) =>
    id === null
      ? t('assignments.schedule.nobody')
      : personName(t, group.members.find((member) => member.id === id) ?? null, NAME_RULES.chores);
  const date = (value: string) => formatCalendarDate(value, i18n.language);
  const failed = (error: unknown) =>
    notify({ type: 'error', message: t(choreErrorKey(error, 'assignments.schedule.failed')) });

  return (
    <Modal opened={opened} onClose={onClose} title={t('assignments.schedule.title')} size="lg">
      <Stack>
        {recurring.length === 0 && (
          <Alert color="yellow">{t('assignments.schedule.noChores')}</Alert>
        )}
        <Group grow align="flex-start">
          <TextInput
            type="date"
            label={t('assignments.schedule.start')}
            value={start}
            onChange={(event) => changed(setStart)(event.currentTarget.value)}
            required
          />
          <NumberInput
            label={t('assignments.schedule.weeks')}
            min={1}
            max={SCHEDULE_WEEKS_MAX}
            allowDecimal={false}
            value={weeks}
            onChange={changed(setWeeks)}
            error={validWeeks ? undefined : t('assignments.schedule.weeksInvalid')}
          />
        </Group>
        <Checkbox.Group
          label={t('assignments.schedule.members')}
          value={memberIds}
          onChange={changed(setMemberIds)}
          error={memberIds.length === 0 ? t('assignments.schedule.membersRequired') : undefined}
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
        {recurring.length > 0 && (
          <Checkbox.Group
            label={t('assignments.schedule.chores')}
            value={choreIds}
            onChange={changed(setChoreIds)}
          >
            <Group gap="md" mt={4}>
              {recurring.map((chore) => (
                <Checkbox key={chore.id} value={String(chore.id)} label={chore.name} />
              ))}
            </Group>
          </Checkbox.Group>
        )}
        <Stack gap="xs">
          <Text size="sm" fw={500}>
            {t('assignments.schedule.away')}
          </Text>
          {away.map((period, index) => {
            const update = (patch: Partial<Away>) =>
              changed(setAway)(away.map((p) => (p.key === period.key ? { ...p, ...patch } : p)));
            return (
              <Group key={period.key} align="flex-end" gap="xs" wrap="wrap">
                <NativeSelect
                  label={t('assignments.schedule.awayWho', { n: index + 1 })}
                  data={group.members.map((m) => ({
                    value: String(m.id),
                    label: personName(t, m, NAME_RULES.chores),
                  }))}
                  value={period.userId}
                  onChange={(event) => update({ userId: event.currentTarget.value })}
                />
                <TextInput
                  type="date"
                  label={t('assignments.schedule.awayFrom', { n: index + 1 })}
                  value={period.from}
                  onChange={(event) => update({ from: event.currentTarget.value })}
                />
                <TextInput
                  type="date"
                  label={t('assignments.schedule.awayTo', { n: index + 1 })}
                  value={period.to}
                  onChange={(event) => update({ to: event.currentTarget.value })}
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
                  aria-label={t('assignments.schedule.awayRemove', { n: index + 1 })}
                  onClick={() => changed(setAway)(away.filter((p) => p.key !== period.key))}
                >
                  <IconTrash size={16} aria-hidden />
                </ActionIcon>
              </Group>
            );
          })}
          <Group>
            <Button
              size="xs"
              variant="light"
              leftSection={<IconPlus size={14} aria-hidden />}
              onClick={() =>
                changed(setAway)([
                  ...away,
                  {
                    key: Date.now(),
                    userId: String(group.members[0]?.id ?? ''),
                    from: start,
                    to: start,
                  },
                ])
              }
            >
              {t('assignments.schedule.awayAdd')}
            </Button>
          </Group>
        </Stack>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('app.cancel')}
          </Button>
          <Button
            variant="light"
            disabled={!ready}
            loading={generate.isPending && generate.variables?.preview === true}
            onClick={() => generate.mutate(body(true), { onSuccess: setPlan, onError: failed })}
          >
            {t('assignments.schedule.preview')}
          </Button>
          <Button
            disabled={!ready || plan === null}
            loading={generate.isPending && generate.variables?.preview === false}
            onClick={() =>
              generate.mutate(body(false), {
                onSuccess: (saved) => {
                  notify({
                    type: 'success',
                    message: t('assignments.schedule.saved', {
                      count: saved.assignments.filter((a) => a.user_id !== null).length,
                    }),
                  });
                  onClose();
                },
                onError: failed,
              })
            }
          >
            {t('assignments.schedule.save')}
          </Button>
        </Group>
        {plan && (
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
                        <Table.Td c={a.user_id === null ? 'red' : undefined}>
                          {nameOf(a.user_id)}
                        </Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              </Table.ScrollContainer>
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
        )}
      </Stack>
    </Modal>
  );
}
