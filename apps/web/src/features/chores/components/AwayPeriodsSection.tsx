import type { Group as HouseholdGroup, MemberAwayPeriod } from '@household/contracts';
import { ActionIcon, Button, Group, NativeSelect, Stack, Text, TextInput } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { QueryContent } from '../../../components/QueryContent';
import { Section } from '../../../components/Section';
import { useApi } from '../../../lib/api-context';
import { isApiError } from '../../../lib/api-client';
import { formatCalendarDate } from '../../../lib/format';
import { NAME_RULES, personName } from '../../../lib/people';
import { useSession } from '../../../lib/session';
import { groupQueryOptions } from '../../../lib/shared-queries';
import { notify } from '../../../lib/toasts';
import { useAwayPeriods } from '../api/mutations';
import { awayPeriodsQueryOptions } from '../api/queries';

const isManager = (group: HouseholdGroup) => group.my_role === 'owner' || group.my_role === 'admin';

/**
 * The household's away periods (docs/chores.md "Away periods"): who is away now or later. A member
 * marks themselves away and removes their own; an admin or owner does it for anyone. No strategy
 * gives a turn to someone on a day they are away.
 */
export function AwayPeriodsSection({ groupId }: { groupId: number }) {
  const group = useQuery(groupQueryOptions(useApi(), groupId));
  const { user } = useSession();
  if (!group.data || !user) return null;
  return <AwayPeriods group={group.data} myId={user.id} />;
}

function AwayPeriods({ group, myId }: { group: HouseholdGroup; myId: number }) {
  const { t, i18n } = useTranslation();
  const periods = useQuery(awayPeriodsQueryOptions(useApi(), group.id));
  const { remove } = useAwayPeriods(group.id);
  const date = (value: string) => formatCalendarDate(value, i18n.language);
  const canRemove = (period: MemberAwayPeriod) =>
    period.user.id === myId || period.created_by === myId || isManager(group);

  const onRemove = (period: MemberAwayPeriod) =>
    remove.mutate(period.id, {
      onSuccess: () => notify({ type: 'success', message: t('chores.away.removed') }),
      onError: () => notify({ type: 'error', message: t('chores.away.failed') }),
    });

  return (
    <Section title={t('chores.away.title')}>
      <Text size="sm" c="dimmed">
        {t('chores.away.intro')}
      </Text>
      <QueryContent query={periods} failedText={t('chores.away.loadFailed')}>
        {(shown) =>
          shown.length === 0 ? (
            <Text size="sm" c="dimmed">
              {t('chores.away.empty')}
            </Text>
          ) : (
            <Stack gap={6} component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
              {shown.map((period) => {
                const values = {
                  name: personName(t, period.user, NAME_RULES.chores),
                  from: date(period.starts_on),
                  to: date(period.ends_on),
                };
                return (
                  <li key={period.id} data-testid="away-period">
                    <Group justify="space-between" gap="xs" wrap="nowrap">
                      <Text size="sm" miw={0} style={{ overflowWrap: 'anywhere' }}>
                        {t('chores.away.period', values)}
                      </Text>
                      {canRemove(period) && (
                        <ActionIcon
                          variant="subtle"
                          color="red"
                          size="lg"
                          aria-label={t('chores.away.remove', values)}
                          loading={remove.isPending && remove.variables === period.id}
                          onClick={() => onRemove(period)}
                        >
                          <IconTrash size={16} aria-hidden />
                        </ActionIcon>
                      )}
                    </Group>
                  </li>
                );
              })}
            </Stack>
          )
        }
      </QueryContent>
      <AddAwayPeriodForm group={group} myId={myId} />
    </Section>
  );
}

/** Who (admins choose; a member is themselves), from and to, both included. */
function AddAwayPeriodForm({ group, myId }: { group: HouseholdGroup; myId: number }) {
  const { t } = useTranslation();
  const { add } = useAwayPeriods(group.id);
  const [userId, setUserId] = useState(String(myId));
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [error, setError] = useState<string | null>(null);
  const outOfOrder = from !== '' && to !== '' && from > to;

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (from === '' || to === '' || outOfOrder) {
      setError(t(outOfOrder ? 'chores.away.order' : 'chores.away.datesRequired'));
      return;
    }
    setError(null);
    add.mutate(
      { user_id: Number(userId), starts_on: from, ends_on: to },
      {
        onSuccess: () => {
          setFrom('');
          setTo('');
          notify({ type: 'success', message: t('chores.away.added') });
        },
        onError: (cause) => {
          const message = isApiError(cause, 'validation_failed')
            ? t('chores.away.invalid')
            : t('chores.away.failed');
          setError(message);
          notify({ type: 'error', message });
        },
      },
    );
  };

  return (
    <form onSubmit={onSubmit} noValidate aria-label={t('chores.away.formLabel')}>
      <Stack gap="xs">
        <Group align="flex-end" gap="xs" wrap="wrap">
          {isManager(group) && (
            <NativeSelect
              label={t('chores.away.who')}
              data={group.members.map((m) => ({
                value: String(m.id),
                label: personName(t, m, NAME_RULES.chores),
              }))}
              value={userId}
              onChange={(event) => setUserId(event.currentTarget.value)}
            />
          )}
          <TextInput
            type="date"
            label={t('chores.away.from')}
            value={from}
            onChange={(event) => setFrom(event.currentTarget.value)}
          />
          <TextInput
            type="date"
            label={t('chores.away.to')}
            value={to}
            onChange={(event) => setTo(event.currentTarget.value)}
            error={outOfOrder ? t('chores.away.order') : undefined}
          />
          <Button
            type="submit"
            size="sm"
            variant="light"
            leftSection={<IconPlus size={14} aria-hidden />}
            loading={add.isPending}
          >
            {isManager(group) ? t('chores.away.add') : t('chores.away.addMine')}
          </Button>
        </Group>
        {error && !outOfOrder && (
          <Text size="sm" c="red" role="alert">
            {error}
          </Text>
        )}
      </Stack>
    </form>
  );
}
