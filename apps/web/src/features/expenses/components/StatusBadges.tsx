import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';

const SPLIT_LOOK = {
  settled: { color: 'brand', key: 'expenses.splitStatus.settled' },
  partially_settled: { color: 'orange', key: 'expenses.splitStatus.partially_settled' },
  unsettled: { color: 'red', key: 'expenses.splitStatus.unsettled' },
} as const;

const PAYMENT_LOOK = {
  paid: { color: 'brand', key: 'expenses.paymentStatus.paid' },
  partially_paid: { color: 'orange', key: 'expenses.paymentStatus.partially_paid' },
  unpaid: { color: 'red', key: 'expenses.paymentStatus.unpaid' },
} as const;

const isKeyOf = <T extends object>(look: T, status: string): status is Extract<keyof T, string> =>
  Object.hasOwn(look, status);

/** spec §4 split status: settled, partially settled, unsettled. */
export function SplitStatusBadge({ status }: { status: string }) {
  const { t } = useTranslation();
  const look = isKeyOf(SPLIT_LOOK, status) ? SPLIT_LOOK[status] : null;
  return (
    <Badge variant="light" color={look?.color ?? 'gray'} size="sm" data-testid="split-status">
      {look ? t(look.key) : t('expenses.paymentStatus.unknown')}
    </Badge>
  );
}

/** spec §4 payment status: paid, partially paid, unpaid; otherwise 'unknown status'. */
export function PaymentStatusBadge({ status }: { status: string }) {
  const { t } = useTranslation();
  const look = isKeyOf(PAYMENT_LOOK, status) ? PAYMENT_LOOK[status] : null;
  return (
    <Badge variant="outline" color={look?.color ?? 'gray'} size="sm" data-testid="payment-status">
      {look ? t(look.key) : t('expenses.paymentStatus.unknown')}
    </Badge>
  );
}
