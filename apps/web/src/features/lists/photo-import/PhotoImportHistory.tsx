import type { OcrJob } from '@household/contracts';
import { Badge, Button, Card, Collapse, Group, Stack, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconChevronDown, IconPhoto } from '@tabler/icons-react';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useApi } from '../../../lib/api-context';
import { formatDateTime } from '../../../lib/format';
import { useSession } from '../../../lib/session';
import { ocrHistoryQueryOptions } from '../api/ocr';
import { jobFailureReason } from './reasons';

const STATE_COLORS: Record<OcrJob['state'], string> = {
  queued: 'gray',
  running: 'blue',
  done: 'brand',
  failed: 'red',
  cancelled: 'gray',
};

/**
 * The photos read for this list (GET /ocr/history?list_id=), newest first, folded away until
 * asked for. A list that never had one shows nothing, nor does one whose history cannot load:
 * the list itself matters more than a note about it.
 */
export function PhotoImportHistory({ listId }: { listId: number }) {
  const { t, i18n } = useTranslation();
  const { user } = useSession();
  const history = useInfiniteQuery(ocrHistoryQueryOptions(useApi(), listId));
  const [opened, { toggle }] = useDisclosure(false);
  const panelId = useId();
  const jobs = history.data?.pages.flatMap((page) => page.items) ?? [];
  if (jobs.length === 0) return null;

  const title = t('lists.photoImport.history.title');
  return (
    <Card withBorder padding="sm" component="section" aria-label={title}>
      <Button
        variant="subtle"
        color="gray"
        justify="space-between"
        fullWidth
        leftSection={<IconPhoto size={16} aria-hidden />}
        rightSection={
          <IconChevronDown
            size={16}
            aria-hidden
            style={{ transform: opened ? 'rotate(180deg)' : undefined }}
          />
        }
        aria-expanded={opened}
        aria-controls={panelId}
        onClick={toggle}
      >
        {title}
      </Button>
      <Collapse in={opened} id={panelId}>
        <Stack gap="xs" pt="xs">
          <Stack component="ul" gap="xs" p={0} m={0} style={{ listStyle: 'none' }}>
            {jobs.map((job) => {
              const reason = job.state === 'failed' ? jobFailureReason(t, job) : null;
              return (
                <li key={job.id} data-testid="photo-import">
                  <Text size="sm" fw={500} style={{ overflowWrap: 'anywhere' }}>
                    {job.file_name}
                  </Text>
                  <Group gap="xs" wrap="wrap">
                    <Text size="xs" c="dimmed" component="time" dateTime={job.created_at}>
                      {formatDateTime(job.created_at, i18n.language, user?.timezone)}
                    </Text>
                    <Badge size="sm" variant="light" color={STATE_COLORS[job.state]}>
                      {t(`lists.photoImport.states.${job.state}`)}
                    </Badge>
                    {job.item_count !== null && (
                      <Text size="xs">
                        {t('lists.photoImport.history.itemsFound', { count: job.item_count })}
                      </Text>
                    )}
                  </Group>
                  {reason && (
                    <Text size="xs" c="dimmed">
                      {reason}
                    </Text>
                  )}
                </li>
              );
            })}
          </Stack>
          {history.hasNextPage && (
            <Group>
              <Button
                size="xs"
                variant="light"
                loading={history.isFetchingNextPage}
                onClick={() => void history.fetchNextPage()}
              >
                {t('lists.photoImport.history.loadMore')}
              </Button>
            </Group>
          )}
        </Stack>
      </Collapse>
    </Card>
  );
}
