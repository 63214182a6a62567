import type { OcrResult } from '@household/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { checkRow, reviewRows, rowPriceCents, type ReviewRow, type RowErrors } from './review';

/** The review table's rows as typed, what they add up to so far, and how they change. */
export function useReviewRows(results: OcrResult[], currency: string) {
  const { i18n } = useTranslation();
  const [rows, setRows] = useState<ReviewRow[]>(() => reviewRows(results, currency));

  const count = rows.filter((row) => row.included).length;
  const isAnyPriced = rows.some(
    (row) => row.included && rowPriceCents(row, currency, i18n.language) !== null,
  );
  const errors: RowErrors[] = rows.map((row) =>
    row.included ? checkRow(row, currency, i18n.language) : {},
  );
  const allTicked = count === rows.length;

  const change = (key: string, changes: Partial<ReviewRow>) =>
    setRows((current) => current.map((row) => (row.key === key ? { ...row, ...changes } : row)));
  const tickAll = () =>
    setRows((current) => current.map((row) => ({ ...row, included: !allTicked })));
  /** A row the person asked for (a receipt's adjustment), after the rows of its photo. */
  const add = (added: ReviewRow) =>
    setRows((current) => {
      const after = current.findLastIndex((row) => row.jobId === added.jobId);
      return current.toSpliced(after + 1, 0, added);
    });

  return { rows, count, isAnyPriced, errors, allTicked, change, tickAll, add };
}
