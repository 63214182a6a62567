import {
  OCR_BATCH_MAX_FILES,
  OCR_IMAGE_MAX_BYTES,
  OCR_IMAGE_MIME_TYPES,
  OCR_LANGUAGE_OF_LOCALE,
  OCR_LANGUAGES,
  type ListDetail,
  type MergeItemsResult,
  type OcrJob,
  type OcrLanguage,
  type OcrLanguageChoice,
  type OcrResult,
} from '@household/contracts';
import {
  Alert,
  Button,
  FileInput,
  Group,
  List as BulletList,
  Modal,
  NativeSelect,
  Progress,
  Stack,
  Text,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconPhoto, IconShoppingCartShare } from '@tabler/icons-react';
import { useQueries, useQueryClient } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { useEffect, useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { PageLoader } from '../../../components/PageLoader';
import { ApiError } from '../../../lib/api-client';
import { useApi } from '../../../lib/api-context';
import { currentLocale, isLocale } from '../../../lib/i18n';
import { useSession } from '../../../lib/session';
import { notify } from '../../../lib/toasts';
import { ocrKeys } from '../api/keys';
import {
  isFinalJob,
  ocrResultQueryOptions,
  ocrStatusQueryOptions,
  useCancelOcrJobs,
  useUploadPhotos,
} from '../api/ocr';
import { jobFailureReason, OCR_IMAGE_MAX_MB, uploadFailureReason } from './reasons';
import { ReviewItems } from './ReviewItems';

/**
 * spec §2 List detail "add via OCR image upload" (docs/ocr.md): photos of a receipt or a
 * handwritten list are read on the server, their items reviewed here, then merged into the list.
 * The jobs' progress arrives through the page's realtime subscription (useListsLive), with
 * polling as the fallback.
 */
export function PhotoImportModal({
  list,
  opened,
  onClose,
  onSplitShop,
  onExited,
}: {
  list: ListDetail;
  opened: boolean;
  onClose: () => void;
  /** "Split this shop" after a receipt was added to a group list: these items, now priced. */
  onSplitShop: (itemIds: number[]) => void;
  onExited?: () => void;
}) {
  const { t } = useTranslation();
  const fullScreen = useMediaQuery('(max-width: 36em)');
  const queryClient = useQueryClient();
  const cancelJobs = useCancelOcrJobs();
  const [jobs, setJobs] = useState<OcrJob[]>([]);

  // Nobody reviews what a closed dialog was reading: the server stops reading it.
  const close = () => {
    const unfinished = jobs.filter(
      (job) => !isFinalJob(queryClient.getQueryData<OcrJob>(ocrKeys.status(job.id)) ?? job),
    );
    if (unfinished.length > 0) cancelJobs.mutate(unfinished.map((job) => job.id));
    setJobs([]);
    onClose();
  };

  return (
    <Modal
      opened={opened}
      onClose={close}
      onExitTransitionEnd={onExited}
      title={t('lists.photoImport.title')}
      size="xl"
      fullScreen={fullScreen}
    >
      {opened && (
        <PhotoImportFlow
          list={list}
          jobs={jobs}
          onJobs={setJobs}
          onClose={close}
          onSplitShop={(itemIds) => {
            setJobs([]);
            onSplitShop(itemIds);
          }}
        />
      )}
    </Modal>
  );
}

function PhotoImportFlow({
  list,
  jobs,
  onJobs,
  onClose,
  onSplitShop,
}: {
  list: ListDetail;
  jobs: OcrJob[];
  onJobs: (jobs: OcrJob[]) => void;
  onClose: () => void;
  onSplitShop: (itemIds: number[]) => void;
}) {
  const [splittable, setSplittable] = useState<number[] | null>(null);

  const onMerged = ({ added, updated }: MergeItemsResult) => {
    const priced = [...added, ...updated].filter(
      (item) => item.price_cents !== null && item.price_cents > 0,
    );
    // A receipt on a group list: what it cost is usually shared next.
    if (list.group !== null && priced.length > 0) setSplittable(priced.map((item) => item.id));
    else onClose();
  };

  if (splittable) {
    return <SplitStep list={list} onClose={onClose} onSplit={() => onSplitShop(splittable)} />;
  }
  if (jobs.length === 0) return <ChooseStep list={list} onUploaded={onJobs} onCancel={onClose} />;
  return (
    <JobsStep
      key={jobs[0]!.id}
      list={list}
      jobs={jobs}
      onRestart={() => onJobs([])}
      onMerged={onMerged}
      onClose={onClose}
    />
  );
}

// ---------------------------------------------------------------------------------------------
// Choosing the photos

const ACCEPTED_TYPES: readonly string[] = OCR_IMAGE_MIME_TYPES;

/** The server's limits, checked before a large upload goes over a phone's connection. */
function checkPhotos(t: TFunction, files: readonly File[]): string | null {
  if (files.length === 0) return t('lists.photoImport.photosRequired');
  if (files.length > OCR_BATCH_MAX_FILES) {
    return t('lists.photoImport.tooMany', { max: OCR_BATCH_MAX_FILES });
  }
  const large = files.find((file) => file.size > OCR_IMAGE_MAX_BYTES);
  if (large) return t('lists.photoImport.tooLarge', { name: large.name, max: OCR_IMAGE_MAX_MB });
  // Some browsers give a HEIC photo no type at all: the server decides about those.
  const other = files.find((file) => file.type !== '' && !ACCEPTED_TYPES.includes(file.type));
  if (other) return t('lists.photoImport.wrongType', { name: other.name });
  return null;
}

function defaultLanguage(userLocale: string | undefined): OcrLanguage {
  return OCR_LANGUAGE_OF_LOCALE[isLocale(userLocale) ? userLocale : currentLocale()];
}

function ChooseStep({
  list,
  onUploaded,
  onCancel,
}: {
  list: ListDetail;
  onUploaded: (jobs: OcrJob[]) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const { user } = useSession();
  const upload = useUploadPhotos();
  const [language, setLanguage] = useState<OcrLanguageChoice>(() => defaultLanguage(user?.locale));
  const [files, setFiles] = useState<File[]>([]);
  const [fileError, setFileError] = useState<string | null>(null);
  // undefined: nothing failed; null: failed for no reason worth showing.
  const [failure, setFailure] = useState<string | null | undefined>(undefined);

  const onFiles = (chosen: File[]) => {
    setFiles(chosen);
    setFailure(undefined);
    setFileError(chosen.length === 0 ? null : checkPhotos(t, chosen));
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const problem = checkPhotos(t, files);
    setFileError(problem);
    if (problem) return;
    setFailure(undefined);
    upload.mutate(
      { files, language, listId: list.id },
      {
        onSuccess: onUploaded,
        onError: (error) => {
          notify({ type: 'error', message: t('lists.photoImport.processFailed') });
          setFailure(uploadFailureReason(t, error));
        },
      },
    );
  };

  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack>
        <Text size="sm">{t('lists.photoImport.intro')}</Text>
        <NativeSelect
          label={t('lists.photoImport.language')}
          value={language}
          onChange={(event) => setLanguage(event.currentTarget.value as OcrLanguageChoice)}
          data={[
            ...OCR_LANGUAGES.map((code) => ({
              value: code,
              label: t(`lists.photoImport.languages.${code}`),
            })),
            // Last: the locale's language stays the default, detection is asked for.
            { value: 'auto', label: t('lists.photoImport.languages.auto') },
          ]}
        />
        <FileInput
          label={t('lists.photoImport.photos')}
          description={t('lists.photoImport.photosHint', {
            max: OCR_IMAGE_MAX_MB,
            files: OCR_BATCH_MAX_FILES,
          })}
          placeholder={t('lists.photoImport.choose')}
          leftSection={<IconPhoto size={16} aria-hidden />}
          // No `capture`: a phone then offers its camera beside the photos already taken.
          accept={OCR_IMAGE_MIME_TYPES.join(',')}
          multiple
          value={files}
          onChange={onFiles}
          error={fileError}
        />
        {failure !== undefined && (
          <Alert color="red" title={t('lists.photoImport.processFailed')}>
            {failure}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel}>
            {t('app.cancel')}
          </Button>
          <Button type="submit" loading={upload.isPending}>
            {t('lists.photoImport.submit')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

// ---------------------------------------------------------------------------------------------
// Reading them

interface Failure {
  job: OcrJob;
  reason: string | null;
}

function JobsStep({
  list,
  jobs,
  onRestart,
  onMerged,
  onClose,
}: {
  list: ListDetail;
  jobs: OcrJob[];
  onRestart: () => void;
  onMerged: (result: MergeItemsResult) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const api = useApi();
  const queryClient = useQueryClient();
  const cancel = useCancelOcrJobs();
  const statuses = useQueries({ queries: jobs.map((job) => ocrStatusQueryOptions(api, job.id)) });
  const current = jobs.map((job, index): OcrJob => {
    const status = statuses[index];
    // A job the server no longer knows will not finish.
    if (status?.error instanceof ApiError && status.error.status < 500) {
      return { ...job, state: 'failed', failure: null };
    }
    return status?.data ?? job;
  });
  const results = useQueries({
    queries: current.map((job) => ({
      ...ocrResultQueryOptions(api, job.id),
      enabled: job.state === 'done',
    })),
  });
  const allFinal = current.every(isFinalJob);

  useEffect(() => {
    if (allFinal) void queryClient.invalidateQueries({ queryKey: ocrKeys.history(list.id) });
  }, [allFinal, list.id, queryClient]);

  if (!allFinal) {
    return (
      <ReadingProgress
        jobs={current}
        cancelling={cancel.isPending}
        onCancel={() =>
          cancel.mutate(
            current.filter((job) => !isFinalJob(job)).map((job) => job.id),
            { onSettled: onRestart },
          )
        }
      />
    );
  }
  if (current.some((job, index) => job.state === 'done' && results[index]!.isPending)) {
    return <PageLoader size="sm" py="md" />;
  }

  const found: OcrResult[] = [];
  const failures: Failure[] = [];
  current.forEach((job, index) => {
    const result = results[index]!;
    if (job.state === 'done' && result.data) found.push(result.data);
    else {
      const reason =
        job.state === 'done' ? uploadFailureReason(t, result.error) : jobFailureReason(t, job);
      failures.push({ job, reason });
    }
  });
  return (
    <Outcome
      list={list}
      found={found}
      failures={failures}
      onRestart={onRestart}
      onMerged={onMerged}
      onClose={onClose}
    />
  );
}

/** Done photos show full; the others where they are. */
const shownProgress = (job: OcrJob) => (job.state === 'done' ? 100 : job.progress);

function ReadingProgress({
  jobs,
  cancelling,
  onCancel,
}: {
  jobs: OcrJob[];
  cancelling: boolean;
  onCancel: () => void;
}) {
  const { t, i18n } = useTranslation();
  const percent = new Intl.NumberFormat(i18n.language, { style: 'percent' });
  return (
    <Stack>
      <Text size="sm" role="status">
        {t('lists.photoImport.reading', { count: jobs.length })}
      </Text>
      <Stack component="ul" gap="sm" p={0} m={0} style={{ listStyle: 'none' }}>
        {jobs.map((job) => (
          <li key={job.id} data-testid="photo-progress">
            <Group justify="space-between" gap="xs" wrap="nowrap">
              <Text size="sm" truncate="end" miw={0} title={job.file_name}>
                {job.file_name}
              </Text>
              <Text size="sm" c="dimmed" style={{ flexShrink: 0 }}>
                {t(`lists.photoImport.states.${job.state}`)}
                {' · '}
                {percent.format(shownProgress(job) / 100)}
              </Text>
            </Group>
            <Progress
              mt={4}
              value={shownProgress(job)}
              aria-label={t('lists.photoImport.progressOf', { name: job.file_name })}
            />
          </li>
        ))}
      </Stack>
      <Group justify="flex-end">
        <Button variant="default" onClick={onCancel} loading={cancelling}>
          {t('app.cancel')}
        </Button>
      </Group>
    </Stack>
  );
}

// ---------------------------------------------------------------------------------------------
// What came of them

function Outcome({
  list,
  found,
  failures,
  onRestart,
  onMerged,
  onClose,
}: {
  list: ListDetail;
  found: OcrResult[];
  failures: Failure[];
  onRestart: () => void;
  onMerged: (result: MergeItemsResult) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const itemCount = found.reduce((sum, result) => sum + result.items.length, 0);
  const empty = found.length > 0 && itemCount === 0;
  const firstJobId = (found[0]?.job.id ?? failures[0]?.job.id)!;

  const anyFailed = failures.length > 0;

  // spec §8: these outcomes are notifications too; the ids keep a second render from repeating one.
  useEffect(() => {
    if (anyFailed) {
      notify({
        id: `photo-import-failed-${firstJobId}`,
        type: 'error',
        message: t('lists.photoImport.processFailed'),
      });
    }
    if (empty) {
      notify({
        id: `photo-import-empty-${firstJobId}`,
        type: 'warning',
        message: t('lists.photoImport.noItems'),
      });
    }
  }, [anyFailed, empty, firstJobId, t]);

  const failureAlert = anyFailed && (
    <Alert color="red" title={t('lists.photoImport.processFailed')}>
      <BulletList size="sm" spacing={4}>
        {failures.map(({ job, reason }) => (
          <BulletList.Item key={job.id} style={{ overflowWrap: 'anywhere' }}>
            {reason ? `${job.file_name}: ${reason}` : job.file_name}
          </BulletList.Item>
        ))}
      </BulletList>
    </Alert>
  );

  if (itemCount > 0) {
    return (
      <Stack>
        {failureAlert}
        <ReviewItems list={list} results={found} onMerged={onMerged} onCancel={onClose} />
      </Stack>
    );
  }
  return (
    <Stack>
      {failureAlert}
      {empty && (
        <Alert color="yellow" title={t('lists.photoImport.noItems')}>
          {t('lists.photoImport.noItemsHint')}
        </Alert>
      )}
      <Group justify="flex-end">
        <Button variant="default" onClick={onClose}>
          {t('app.close')}
        </Button>
        <Button onClick={onRestart}>{t('lists.photoImport.tryAgain')}</Button>
      </Group>
    </Stack>
  );
}

function SplitStep({
  list,
  onClose,
  onSplit,
}: {
  list: ListDetail;
  onClose: () => void;
  onSplit: () => void;
}) {
  const { t } = useTranslation();
  const textId = useId();
  return (
    <Stack>
      <Text id={textId} role="status">
        {t('lists.photoImport.split.text', { name: list.name })}
      </Text>
      <Group justify="flex-end">
        <Button variant="default" onClick={onClose}>
          {t('app.close')}
        </Button>
        <Button
          leftSection={<IconShoppingCartShare size={16} aria-hidden />}
          onClick={onSplit}
          aria-describedby={textId}
        >
          {t('lists.expenses.splitShop')}
        </Button>
      </Group>
    </Stack>
  );
}
