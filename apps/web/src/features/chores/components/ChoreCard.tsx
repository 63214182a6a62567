import type { Chore, PersonRef } from '@household/contracts';
import { ActionIcon, Badge, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { IconArrowBackUp, IconCheck, IconHandGrab, IconPencil } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { CalendarDate } from '@household/domain';
import { formatCalendarDate } from '../../../lib/format';
import { frequencyText } from './chore-format';
import { NAME_RULES, personName } from '../../../lib/people';
import { useSession } from '../../../lib/session';
import { notify } from '../../../lib/toasts';
import { useTakeTurn } from '../api/mutations';
import { ChoreTurnMenu } from './ChoreTurnMenu';

/** What a chore card can do; the page wires them to the API and the form. */
export interface ChoreActions {
  onEdit: (chore: Chore) => void;
  onComplete: (chore: Chore) => void;
  onUndo: (chore: Chore) => void;
  /** Whether a status change of this chore is on its way. */
  isBusy: (chore: Chore) => boolean;
}

/**
 * spec §2/§4: one chore with its name, description, how often, when it is due, its group, effort
 * and assignee, and Mark done / Mark not done with the date it was last done.
 */
export function ChoreCard({
  chore,
  today,
  actions,
}: {
  chore: Chore;
  today: CalendarDate;
  actions: ChoreActions;
}) {
  const { t, i18n } = useTranslation();
  const date = (value: string) => formatCalendarDate(value, i18n.language);
  const pending = chore.status === 'pending';
  const overdue = pending && chore.due_date < today;
  // A recurring chore done today is pending again (for its next date) and can still be undone.
  const undoable = chore.status === 'completed' || chore.completed_on !== null;
  const busy = actions.isBusy(chore);
  const assignee = chore.assignment?.user ?? null;
  // docs/chores.md "When the next one is due": before its window opens, a turn cannot be done.
  const opensOn =
    chore.completable_from !== null && chore.completable_from > today
      ? chore.completable_from
      : null;

  return (
    <Card withBorder padding="md" component="article" aria-label={chore.name}>
      <Stack gap="xs">
        <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
          <Title order={3} size="h5" style={{ overflowWrap: 'anywhere' }}>
            {chore.name}
          </Title>
          <Group gap={2} wrap="nowrap">
            {pending && <ChoreTurnMenu chore={chore} />}
            <ActionIcon
              variant="subtle"
              aria-label={t('chores.card.edit', { name: chore.name })}
              onClick={() => actions.onEdit(chore)}
            >
              <IconPencil size={18} aria-hidden />
            </ActionIcon>
          </Group>
        </Group>
        {chore.description && (
          <Text size="sm" style={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>
            {chore.description}
          </Text>
        )}
        <Group gap={6}>
          <Badge variant="light" color={chore.group_id === null ? 'gray' : 'blue'}>
            {chore.group_name ?? t('chores.card.personal')}
          </Badge>
          <Badge variant="light" color="gray">
            {frequencyText(t, chore.frequency, chore.interval_days)}
          </Badge>
          <Badge variant="light" color="gray">
            {t('chores.card.effort', { effort: chore.effort })}
          </Badge>
          {overdue && (
            <Badge variant="light" color="red">
              {t('chores.card.overdue')}
            </Badge>
          )}
        </Group>
        <Text size="sm" c={overdue ? 'red' : undefined} data-testid="chore-due">
          {t('chores.card.due', { date: date(chore.due_date) })}
        </Text>
        {chore.next_reason && pending ? (
          <NextTurnLine chore={chore} />
        ) : (
          assignee && (
            <Text size="sm" c="dimmed">
              {t('chores.card.assignedTo', { name: personName(t, assignee, NAME_RULES.chores) })}
            </Text>
          )
        )}
        {chore.completed_on && (
          <Text size="sm" c="dimmed" data-testid="chore-done-on">
            {chore.completed_by
              ? t('chores.card.doneOnBy', {
                  date: date(chore.completed_on),
                  name: personName(t, chore.completed_by, NAME_RULES.chores),
                })
              : t('chores.card.doneOn', { date: date(chore.completed_on) })}
          </Text>
        )}
        <Group gap="xs">
          {pending && chore.assignment_strategy === 'claimable' && !chore.assignment && (
            <TakeItButton chore={chore} />
          )}
          {pending && opensOn !== null && (
            <Button size="xs" leftSection={<IconCheck size={14} aria-hidden />} disabled>
              {t('chores.card.doneFrom', { date: date(opensOn) })}
            </Button>
          )}
          {pending && opensOn === null && (
            <Button
              size="xs"
              leftSection={<IconCheck size={14} aria-hidden />}
              loading={busy}
              onClick={() => actions.onComplete(chore)}
            >
              {t('chores.card.markDone')}
            </Button>
          )}
          {undoable && (
            <Button
              size="xs"
              variant="default"
              leftSection={<IconArrowBackUp size={14} aria-hidden />}
              disabled={busy}
              onClick={() => actions.onUndo(chore)}
            >
              {t('chores.card.markNotDone')}
            </Button>
          )}
        </Group>
      </Stack>
    </Card>
  );
}

/** "Next: Ana — next in the order": who has the turn and why, in words. */
function NextTurnLine({ chore }: { chore: Chore }) {
  const { t } = useTranslation();
  const reason = chore.next_reason!;
  const name = (person: PersonRef | null | undefined) =>
    person ? personName(t, person, NAME_RULES.chores) : '';
  const why = t(`chores.next.reason.${reason.kind}`, {
    name: name(reason.after),
    count: reason.count ?? 0,
    effort: reason.effort ?? 0,
    window: reason.window ?? 0,
  });
  const skipped =
    reason.skipped.length > 0
      ? ` ${t('chores.next.skipped', { names: reason.skipped.map(name).join(', ') })}`
      : '';
  return (
    <Text size="sm" c="dimmed" data-testid="chore-next">
      {chore.next_assignee
        ? t('chores.next.line', { name: name(chore.next_assignee), reason: why })
        : why}
      {skipped}
    </Text>
  );
}

/** "Take it": the open turn of a claimable chore becomes mine. */
function TakeItButton({ chore }: { chore: Chore }) {
  const { t } = useTranslation();
  const { user } = useSession();
  const take = useTakeTurn();
  if (!user) return null;
  return (
    <Button
      size="xs"
      variant="light"
      leftSection={<IconHandGrab size={14} aria-hidden />}
      loading={take.isPending}
      onClick={() =>
        take.mutate(
          { chore, userId: user.id },
          { onError: () => notify({ type: 'error', message: t('chores.next.takeFailed') }) },
        )
      }
    >
      {t('chores.next.takeIt')}
    </Button>
  );
}
