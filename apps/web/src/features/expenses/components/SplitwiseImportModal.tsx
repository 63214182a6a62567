import { Alert, Button, FileInput, Group, Modal, Progress, Stack, Text } from '@mantine/core';
import { IconFileTypeCsv } from '@tabler/icons-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { SplitwiseImportPreview } from './SplitwiseImportPreview';
import { useSplitwiseImportFlow } from './use-splitwise-import-flow';

/**
 * docs/expenses.md "Splitwise import": a Splitwise CSV export is read in the browser, previewed by
 * the server (a dry run), its people matched with members, then imported in one go.
 */
export function SplitwiseImportModal({
  opened,
  groupId,
  currency,
  onClose,
}: {
  opened: boolean;
  groupId: number;
  currency: string;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Modal opened={opened} onClose={onClose} title={t('money.import.title')} size="lg">
      {opened && <ImportFlow groupId={groupId} currency={currency} onDone={onClose} />}
    </Modal>
  );
}

function ImportFlow({
  groupId,
  currency,
  onDone,
}: {
  groupId: number;
  currency: string;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const flow = useSplitwiseImportFlow({ groupId, onDone });
  const { run, csv, preview, error, onFile, onImport } = flow;
  const count = preview ? preview.expenses + preview.payments : 0;

  return (
    <Stack>
      <Text size="sm">{t('money.import.intro')}</Text>
      <FileInput
        label={t('money.import.file')}
        placeholder={t('money.import.choose')}
        accept=".csv,text/csv"
        clearable
        leftSection={<IconFileTypeCsv size={16} aria-hidden />}
        value={csv.file}
        onChange={onFile}
      />
      {csv.progress !== null && csv.progress < 100 && <ReadingProgress percent={csv.progress} />}
      {run.isPending && !preview && <Text size="sm">{t('money.import.checking')}</Text>}
      {error && (
        <Alert color="red" role="alert">
          {error}
        </Alert>
      )}
      {preview && (
        <SplitwiseImportPreview
          preview={preview}
          columns={flow.columns}
          members={flow.members}
          rates={flow.rates}
          pending={run.isPending}
          currency={currency}
          onMap={flow.onMap}
          onRate={flow.onRate}
          onApplyRates={flow.onApplyRates}
          nameOf={flow.nameOf}
        />
      )}
      <Group justify="flex-end">
        <Button variant="default" onClick={onDone}>
          {t('app.cancel')}
        </Button>
        <Button
          onClick={onImport}
          disabled={!preview || count === 0 || (run.isPending && run.variables?.dry_run !== false)}
          loading={run.isPending && run.variables?.dry_run === false}
        >
          {t('money.import.submit')}
        </Button>
      </Group>
    </Stack>
  );
}

function ReadingProgress({ percent }: { percent: number }) {
  const { t } = useTranslation();
  const readingId = useId();
  return (
    <Stack gap={4}>
      <Text size="sm" id={readingId}>
        {t('money.import.reading', { percent })}
      </Text>
      <Progress value={percent} aria-labelledby={readingId} animated />
    </Stack>
  );
}
