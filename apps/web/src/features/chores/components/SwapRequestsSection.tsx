import type { ChoreSwap } from '@household/contracts';
import { Button, Group, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Section } from '../../../components/Section';
import { isApiError } from '../../../lib/api-client';
import { useApi } from '../../../lib/api-context';
import { formatCalendarDate } from '../../../lib/format';
import { NAME_RULES, personName } from '../../../lib/people';
import { useSession } from '../../../lib/session';
import { notify } from '../../../lib/toasts';
import { mySwapsQueryOptions, useAnswerSwap, type SwapAnswer } from '../api/swaps';

const DONE_MESSAGE = {
  accept: 'swaps.accepted',
  decline: 'swaps.declined',
  cancel: 'swaps.cancelled',
} as const;

/**
 * "Swap requests" (docs/chores.md "Swaps"): what housemates asked me, with Accept and Decline, and
 * what I asked, with Cancel. Shown only while something waits (`groupId` narrows it to one group).
 */
export function SwapRequestsSection({ groupId }: { groupId?: number }) {
  const { t, i18n } = useTranslation();
  const { user } = useSession();
  const swaps = useQuery(mySwapsQueryOptions(useApi()));
  const answer = useAnswerSwap();
  const shown = (swaps.data?.items ?? []).filter(
    (swap) => groupId === undefined || swap.group_id === groupId,
  );
  if (shown.length === 0 || !user) return null;
  const incoming = shown.filter((swap) => swap.requested_of.id === user.id);
  const outgoing = shown.filter((swap) => swap.requested_by.id === user.id);
  const name = (person: ChoreSwap['requested_by']) => personName(t, person, NAME_RULES.chores);
  const date = (value: string) => formatCalendarDate(value, i18n.language);
  const busy = (swap: ChoreSwap, verb: SwapAnswer) =>
    answer.isPending && answer.variables?.swap.id === swap.id && answer.variables.answer === verb;
  const reply = (swap: ChoreSwap, verb: SwapAnswer) =>
    answer.mutate(
      { swap, answer: verb },
      {
        onSuccess: () => notify({ type: 'success', message: t(DONE_MESSAGE[verb]) }),
        onError: (error) =>
          notify({
            type: 'error',
            message: t(
              isApiError(error, 'swap_outdated') ? 'swaps.outdated' : 'swaps.answerFailed',
            ),
          }),
      },
    );

  return (
    <Section title={t('swaps.title')}>
      <Stack gap={6} component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
        {incoming.map((swap) => (
          <li key={swap.id} data-testid="swap-request">
            <Group justify="space-between" gap="xs" wrap="wrap">
              <Stack gap={0} miw={0}>
                <Text style={{ overflowWrap: 'anywhere' }}>
                  {t('swaps.incoming', {
                    name: name(swap.requested_by),
                    chore: swap.chore_name,
                    date: date(swap.due_date),
                  })}
                </Text>
                {swap.note && (
                  <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                    {swap.note}
                  </Text>
                )}
              </Stack>
              <Group gap={6}>
                <Button
                  size="xs"
                  aria-label={t('swaps.acceptLabel', { chore: swap.chore_name })}
                  loading={busy(swap, 'accept')}
                  onClick={() => reply(swap, 'accept')}
                >
                  {t('swaps.accept')}
                </Button>
                <Button
                  size="xs"
                  variant="default"
                  aria-label={t('swaps.declineLabel', { chore: swap.chore_name })}
                  loading={busy(swap, 'decline')}
                  onClick={() => reply(swap, 'decline')}
                >
                  {t('swaps.decline')}
                </Button>
              </Group>
            </Group>
          </li>
        ))}
        {outgoing.map((swap) => (
          <li key={swap.id} data-testid="swap-asked">
            <Group justify="space-between" gap="xs" wrap="wrap">
              <Text style={{ overflowWrap: 'anywhere' }}>
                {t('swaps.outgoing', {
                  name: name(swap.requested_of),
                  chore: swap.chore_name,
                  date: date(swap.due_date),
                })}
              </Text>
              <Button
                size="xs"
                variant="default"
                aria-label={t('swaps.cancelLabel', { chore: swap.chore_name })}
                loading={busy(swap, 'cancel')}
                onClick={() => reply(swap, 'cancel')}
              >
                {t('swaps.cancel')}
              </Button>
            </Group>
          </li>
        ))}
      </Stack>
    </Section>
  );
}
