import { EXPENSE_IMPORT_MAX_CHARS, type SplitwiseImportResult } from '@household/contracts';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useApi } from '../../../lib/api-context';
import { notify } from '../../../lib/toasts';
import { NAME_RULES, personName } from '../../../lib/people';
import { groupBalancesQueryOptions } from '../api/queries';
import { useSplitwiseImport } from '../api/mutations';
import { moneyErrorKey } from '../money-errors';
import { useTextFileReader } from './use-text-file-reader';

export type ImportColumns = SplitwiseImportResult['columns'];

/** The value of the "not matched" choice of a person column. */
export const UNMATCHED = '';

/**
 * The steps of a Splitwise import: read the chosen file, have the server preview it (a dry run)
 * again whenever a person column is matched, then import it for real.
 */
export function useSplitwiseImportFlow({
  groupId,
  onDone,
}: {
  groupId: number;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const api = useApi();
  const balances = useQuery(groupBalancesQueryOptions(api, groupId));
  const members = (balances.data?.members ?? [])
    .filter((member) => member.is_member)
    .map((member) => member.user);
  const run = useSplitwiseImport(groupId);
  const csv = useTextFileReader();
  const [content, setContent] = useState<string | null>(null);
  const [preview, setPreview] = useState<SplitwiseImportResult | null>(null);
  const [columns, setColumns] = useState<ImportColumns>([]);
  const [error, setError] = useState<string | null>(null);

  const check = (text: string, mapping?: ImportColumns) => {
    setError(null);
    run.mutate(
      { content: text, dry_run: true, ...(mapping ? { columns: mapping } : {}) },
      {
        onSuccess: (result) => {
          setPreview(result);
          setColumns(result.columns);
        },
        onError: (failure) => setError(t(moneyErrorKey(failure, 'money.import.previewFailed'))),
      },
    );
  };

  const onFile = (chosen: File | null) => {
    setPreview(null);
    setContent(null);
    setError(null);
    csv.read(chosen, {
      onError: () => setError(t('money.import.readFailed')),
      onLoad: (text) => {
        if (text.trim() === '') setError(t('money.import.empty'));
        else if (text.length > EXPENSE_IMPORT_MAX_CHARS) setError(t('money.errors.tooLarge'));
        else {
          setContent(text);
          check(text);
        }
      },
    });
  };

  const onMap = (name: string, value: string) => {
    const mapping = columns.map((column) =>
      column.name === name ? { name, user_id: value === UNMATCHED ? null : Number(value) } : column,
    );
    setColumns(mapping);
    if (content !== null) check(content, mapping);
  };

  const onImport = () => {
    if (content === null) return;
    setError(null);
    run.mutate(
      { content, dry_run: false, columns },
      {
        onSuccess: (result) => {
          notify({
            type: 'success',
            message: t('money.import.done', {
              expenses: t('money.import.expenses', { count: result.expenses }),
              payments: t('money.import.payments', { count: result.payments }),
            }),
          });
          onDone();
        },
        onError: (failure) => setError(t(moneyErrorKey(failure, 'money.import.failed'))),
      },
    );
  };

  const nameOf = (id: number | null) => {
    const person = members.find((member) => member.id === id);
    return personName(t, person ?? null, NAME_RULES.expenses);
  };

  return { members, run, csv, preview, columns, error, onFile, onMap, onImport, nameOf };
}
