import { Alert, Group, Modal, Stack, Table, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useApi } from '../../../lib/api-context';
import { notify } from '../../../lib/toasts';
import { costSummaryQueryOptions } from '../api/queries';
import { money } from '../../../lib/money';
import { NAME_RULES, personName } from '../../../lib/people';
import { PageLoader } from '../../../components/PageLoader';

/** spec §3 Cost summary: total, equal share, participants; per person added, due, balance. */
export function CostSummaryModal({
  listId,
  opened,
  onClose,
}: {
  listId: number;
  opened: boolean;
  onClose: () => void;
}) {
  const { t, i18n } = useTranslation();
  const summary = useQuery({ ...costSummaryQueryOptions(useApi(), listId), enabled: opened });
  const failed = opened && summary.isError && !summary.data;

  useEffect(() => {
    if (failed) {
      notify({ id: `cost-summary-${listId}`, type: 'error', message: t('lists.costs.failed') });
    }
  }, [failed, listId, t]);

  const data = summary.data;
  const format = (cents: number) => money(cents, data?.currency ?? 'EUR', i18n.language);

  return (
    <Modal opened={opened} onClose={onClose} title={t('lists.costs.title')} size="lg">
      {data ? (
        <Stack>
          <Stack gap={4}>
            <Group justify="space-between">
              <Text>{t('lists.costs.total')}</Text>
              <Text fw={700} data-testid="cost-total">
                {format(data.total_cents)}
              </Text>
            </Group>
            <Group justify="space-between">
              <Text>{t('lists.costs.equalShare')}</Text>
              <Text fw={600} data-testid="cost-equal-share">
                {format(data.equal_share_cents)}
              </Text>
            </Group>
            <Group justify="space-between">
              <Text>{t('lists.costs.participants')}</Text>
              <Text fw={600}>{data.participants.length}</Text>
            </Group>
          </Stack>
          <Table.ScrollContainer minWidth={420}>
            <Table striped aria-label={t('lists.costs.perPerson')}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('lists.costs.person')}</Table.Th>
                  <Table.Th ta="right">{t('lists.costs.itemsAdded')}</Table.Th>
                  <Table.Th ta="right">{t('lists.costs.amountDue')}</Table.Th>
                  <Table.Th ta="right">{t('lists.costs.balance')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {data.participants.map((participant, index) => (
                  <Table.Tr key={participant.user?.id ?? `deleted-${index}`}>
                    <Table.Td>{personName(t, participant.user, NAME_RULES.lists)}</Table.Td>
                    <Table.Td ta="right">{format(participant.items_added_cents)}</Table.Td>
                    <Table.Td ta="right">{format(participant.amount_due_cents)}</Table.Td>
                    <Table.Td
                      ta="right"
                      c={
                        participant.balance_cents < 0
                          ? 'red'
                          : participant.balance_cents > 0
                            ? 'brand'
                            : undefined
                      }
                    >
                      {format(participant.balance_cents)}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          <Text size="xs" c="dimmed">
            {t('lists.costs.explanation')}
          </Text>
        </Stack>
      ) : failed ? (
        <Alert color="red" title={t('lists.costs.failed')} />
      ) : (
        <PageLoader py="lg" />
      )}
    </Modal>
  );
}
