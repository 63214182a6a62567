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

/** The rate typed for each other currency of the file, by currency code. */
export type ImportRates = Record<string, string>;

/** The typed rates the request carries: the filled ones, as the server reads a rate. */
function ratesBody(rates: ImportRates) {
  const given = Object.entries(rates)
    .map(([currency, rate]) => ({ currency, rate: rate.trim().replace(',', '.') }))
    .filter((rate) => rate.rate !== '');
  return given.length > 0 ? { rates: given } : {};
}

/** The value of the "not matched" choice of a person column. */
export const UNMATCHED = '';

/**
 * The steps of a Splitwise import: read the chosen file, have the server preview it (a dry run)
 * again whenever a person column is matched or rates are given for the currencies that lack one,
 * then import it for real.
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
  const [rates, setRates] = useState<ImportRates>({});
  const [error, setError] = useState<string | null>(null);

  const check = (text: string, mapping?: ImportColumns, typed: ImportRates = rates) => {
    setError(null);
    run.mutate(
      {
        content: text,
        dry_run: true,
        ...(mapping ? { columns: mapping } : {}),
        ...ratesBody(typed),
      },
      {
        onSuccess: (result) => {
          setPreview(result);
          setColumns(result.columns);
          // Every currency still without a rate gets a field; the ones typed keep theirs.
          setRates({
            ...Object.fromEntries(result.missing_rates.map((currency) => [currency, ''])),
            ...Object.fromEntries(Object.entries(typed).filter(([, rate]) => rate.trim() !== '')),
          });
        },
        onError: (failure) => setError(t(moneyErrorKey(failure, 'money.import.previewFailed'))),
      },
    );
  };

  const onFile = (chosen: File | null) => {
    setPreview(null);
    setContent(null);
    setRates({});
    setError(null);
    csv.read(chosen, {
      onError: () => setError(t('money.import.readFailed')),
      onLoad: (text) => {
        if (text.trim() === '') setError(t('money.import.empty'));
        else if (text.length > EXPENSE_IMPORT_MAX_CHARS) setError(t('money.errors.tooLarge'));
        else {
          setContent(text);
          check(text, undefined, {});
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

  const onRate = (currency: string, rate: string) =>
    setRates((current) => ({ ...current, [currency]: rate }));

  /** Previews again with the rates typed, so their rows are converted and counted. */
  const onApplyRates = () => {
    if (content !== null) check(content, columns.length > 0 ? columns : undefined);
  };

  const onImport = () => {
    if (content === null) return;
    setError(null);
    run.mutate(
      { content, dry_run: false, columns, ...ratesBody(rates) },
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

  return {
    members,
    run,
    csv,
    preview,
    columns,
    rates,
    error,
    onFile,
    onMap,
    onRate,
    onApplyRates,
    onImport,
    nameOf,
  };
}
