import { ZPersonRef, type ChoreHistoryEntry } from '@household/contracts';
import { Button, Group, Stack, Table, Text } from '@mantine/core';
import { useInfiniteQuery } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { useApi } from '../../../lib/api-context';
import { groupChoreHistoryQueryOptions } from '../api/queries';
import { NAME_RULES, personName } from '../../../lib/people';
import { QueryContent } from '../../../components/QueryContent';
import { Section } from '../../../components/Section';

/** One sentence per history action: who did what to which chore. */
function historySentence(t: TFunction, entry: ChoreHistoryEntry): string {
  const values = {
    actor: personName(t, entry.actor, NAME_RULES.chores),
    subject: personName(t, entry.subject, NAME_RULES.chores),
    chore: entry.chore_name,
    count:
      typeof entry.details.minutes === 'number'
        ? entry.details.minutes
        : typeof entry.details.assignments === 'number'
          ? entry.details.assignments
          : typeof entry.details.days === 'number'
            ? entry.details.days
            : 0,
    reason: typeof entry.details.reason === 'string' ? entry.details.reason : '',
  };
  // A swapped turn (docs/chores.md "Swaps"): "Bob did Bins for Ana".
  const forUser = ZPersonRef.safeParse(entry.details.for_user);
  if (
    forUser.success &&
    (entry.action === 'completed' || entry.action === 'assignment_completed')
  ) {
    return t('assignments.history.doneFor', {
      ...values,
      forUser: personName(t, forUser.data, NAME_RULES.chores),
    });
  }
  return t(`assignments.history.${entry.action}`, values);
}

/**
 * The group's chore record (docs/chores.md "History, time and activity"): what each member has
 * done (chores, effort, minutes), then who did what and when, newest first, a page at a time.
 */
export function ChoreHistorySection({ groupId }: { groupId: number }) {
  const { t, i18n } = useTranslation();
  const history = useInfiniteQuery(groupChoreHistoryQueryOptions(useApi(), groupId));
  const pages = history.data?.pages ?? [];
  const totals = pages[0]?.totals ?? [];
  const entries = pages.flatMap((page) => page.items);
  const when = (iso: string) =>
    new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' }).format(
      new Date(iso),
    );

  return (
    <Section title={t('assignments.history.title')}>
      <QueryContent query={history} failedText={t('assignments.history.failed')}>
        {() => (
          <>
            <Table.ScrollContainer minWidth={300}>
              <Table aria-label={t('assignments.history.totals')}>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t('assignments.history.member')}</Table.Th>
                    <Table.Th ta="right">{t('assignments.history.done')}</Table.Th>
                    <Table.Th ta="right">{t('assignments.history.effort')}</Table.Th>
                    <Table.Th ta="right">{t('assignments.history.minutes')}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {totals.map((total) => (
                    <Table.Tr key={total.user.id} data-testid="member-total">
                      <Table.Td>{personName(t, total.user, NAME_RULES.chores)}</Table.Td>
                      <Table.Td ta="right">{total.completed}</Table.Td>
                      <Table.Td ta="right">{total.effort}</Table.Td>
                      <Table.Td ta="right">{total.minutes}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
            {entries.length === 0 ? (
              <Text size="sm" c="dimmed">
                {t('assignments.history.empty')}
              </Text>
            ) : (
              <Stack gap={4} component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
                {entries.map((entry) => (
                  <Text component="li" size="sm" key={entry.id} data-testid="history-entry">
                    {historySentence(t, entry)}{' '}
                    <Text span size="xs" c="dimmed">
                      {when(entry.created_at)}
                    </Text>
                  </Text>
                ))}
              </Stack>
            )}
            {history.hasNextPage && (
              <Group>
                <Button
                  size="xs"
                  variant="light"
                  loading={history.isFetchingNextPage}
                  onClick={() => void history.fetchNextPage()}
                >
                  {t('assignments.history.more')}
                </Button>
              </Group>
            )}
          </>
        )}
      </QueryContent>
    </Section>
  );
}
