import type { OcrJob } from '@household/contracts';
import {
  Badge,
  Button,
  Card,
  Collapse,
  Group,
  Loader,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { useDebouncedValue, useDisclosure } from '@mantine/hooks';
import { IconChevronDown, IconPhoto, IconSearch } from '@tabler/icons-react';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useApi } from '../../../lib/api-context';
import { formatDateTime } from '../../../lib/format';
import { useSession } from '../../../lib/session';
import { ocrHistoryQueryOptions, ocrResultQueryOptions } from '../api/ocr';
import { jobFailureReason } from './reasons';

/** How long typing pauses before the history is searched. */
export const HISTORY_SEARCH_DEBOUNCE_MS = 300;

/** A done import's recognised lines (GET /ocr/result/{id}), fetched when first unfolded. */
function RecognisedText({ job }: { job: OcrJob }) {
  const { t } = useTranslation();
  const api = useApi();
  const [opened, { toggle }] = useDisclosure(false);
  const panelId = useId();
  const result = useQuery({ ...ocrResultQueryOptions(api, job.id), enabled: opened });

  return (
    <>
      <Button
        size="compact-xs"
        variant="subtle"
        aria-expanded={opened}
        aria-controls={panelId}
        aria-label={t('lists.photoImport.history.showTextOf', { name: job.file_name })}
        onClick={toggle}
      >
        {t('lists.photoImport.history.showText')}
      </Button>
      <div id={panelId} hidden={!opened}>
        {opened && result.isPending && (
          <Loader size="xs" role="status" aria-label={t('lists.photoImport.history.textLoading')} />
        )}
        {opened && result.isError && (
          <Text size="xs" c="dimmed">
            {t('lists.photoImport.history.textFailed')}
          </Text>
        )}
        {result.data && (
          <Text
            component="pre"
            size="xs"
            m={0}
            data-testid="recognised-text"
            style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', fontFamily: 'inherit' }}
          >
            {result.data.lines.map((line) => line.text).join('\n')}
          </Text>
        )}
      </div>
    </>
  );
}

const STATE_COLORS: Record<OcrJob['state'], string> = {
  queued: 'gray',
  running: 'blue',
  done: 'brand',
  failed: 'red',
  cancelled: 'gray',
};

/**
 * The photos read for this list (GET /ocr/history?list_id=), newest first, folded away until
 * asked for, searchable by their recognised text (`q`), each with that text to unfold. A list
 * that never had one shows nothing, nor does one whose history cannot load: the list itself
 * matters more than a note about it.
 */
export function PhotoImportHistory({ listId }: { listId: number }) {
  const { t, i18n } = useTranslation();
  const { user } = useSession();
  const [search, setSearch] = useState('');
  const [q] = useDebouncedValue(search.trim(), HISTORY_SEARCH_DEBOUNCE_MS);
  const history = useInfiniteQuery(ocrHistoryQueryOptions(useApi(), listId, q));
  const [opened, { toggle }] = useDisclosure(false);
  const panelId = useId();
  const jobs = history.data?.pages.flatMap((page) => page.items) ?? [];
  // A search that finds nothing keeps the section, and its field, where they are.
  if (jobs.length === 0 && search === '' && q === '') return null;

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
          <TextInput
            type="search"
            size="xs"
            label={t('lists.photoImport.history.search')}
            leftSection={<IconSearch size={14} aria-hidden />}
            value={search}
            autoComplete="off"
            onChange={(event) => setSearch(event.currentTarget.value)}
          />
          {jobs.length === 0 && q !== '' && !history.isFetching && (
            <Text size="sm" c="dimmed" role="status">
              {t('lists.photoImport.history.noMatch', { q })}
            </Text>
          )}
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
                  {job.state === 'done' && <RecognisedText job={job} />}
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
