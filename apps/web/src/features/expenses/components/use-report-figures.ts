import type { Report } from '@household/contracts';
import { minorUnitDigits } from '@household/domain';
import { useTranslation } from 'react-i18next';
import { money } from '../../../lib/money';
import { formatMonth } from '../format';

/** A row of a report's figures as shown: a key for React, its label and its amount. */
export interface FigureRow {
  key: string;
  label: string;
  cents: number;
}

/**
 * The figures of a report in one currency: its total, by category (largest first), by month and by
 * member, and how its amounts are shown and charted (in whole units of the currency).
 */
export function useReportFigures(report: Report, currency: string) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language;
  const format = (cents: number) => money(cents, currency, locale);
  const unit = 10 ** minorUnitDigits(currency);
  const total = report.totals.find((row) => row.currency === currency)?.total_cents ?? 0;
  const byCategory: FigureRow[] = report.by_category
    .filter((row) => row.currency === currency)
    .sort((a, b) => b.total_cents - a.total_cents)
    .map((row) => ({
      key: String(row.category_id ?? 'none'),
      label: row.name ?? t('money.report.uncategorized'),
      cents: row.total_cents,
    }));
  const byMonth: FigureRow[] = report.by_month
    .filter((row) => row.currency === currency)
    .map((row) => ({
      key: row.month,
      label: formatMonth(row.month, locale),
      cents: row.total_cents,
    }));
  const byMember = report.by_member.filter((row) => row.currency === currency);
  const toBars = (rows: FigureRow[]) =>
    rows.map((row) => ({ label: row.label, amount: row.cents / unit }));
  const formatAmount = (amount: number) => format(Math.round(amount * unit));
  return { total, byCategory, byMonth, byMember, format, formatAmount, toBars };
}
