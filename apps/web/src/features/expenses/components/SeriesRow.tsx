import type { ExpenseSeries } from '@household/contracts';
import { Badge, Button, Group, Paper, Stack, Text, TextInput } from '@mantine/core';
import {
  IconPencil,
  IconPlayerPause,
  IconPlayerPlay,
  IconPlayerSkipForward,
  IconPlayerStop,
} from '@tabler/icons-react';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { formatCalendarDate } from '../../../lib/format';
import { money } from '../../../lib/money';
import { NAME_RULES, personName } from '../../../lib/people';
import { notify } from '../../../lib/toasts';
import { useFillOccurrence, useSeriesAction, type SeriesAction } from '../api/series-mutations';
import { checkAmount, say } from './expense-form-values';
import { ruleInWords } from './repeat-values';
import { seriesErrorKey } from './series-errors';

/**
 * One recurring bill: what, how much (or "Variable"), who pays, how often, the next date and its
 * status; the amounts it waits for; and what I may do with it. Every button is described by the
 * bill's name for assistive technology.
 */
export function SeriesRow({
  series,
  canChange,
  onEdit,
  onEnd,
}: {
  series: ExpenseSeries;
  canChange: boolean;
  onEdit: () => void;
  onEnd: () => void;
}) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language;
  const nameId = useId();
  const action = useSeriesAction();
  const ended = series.status === 'ended';

  const run = (change: SeriesAction, success: string) =>
    action.mutate(
      { series, action: change },
      {
        onSuccess: () => notify({ type: 'success', message: success }),
        onError: (cause) =>
          notify({ type: 'error', message: t(seriesErrorKey(cause, 'expenses.series.failed')) }),
      },
    );

  return (
    <Paper component="li" withBorder p="sm" data-testid="series-row">
      <Stack gap={6}>
        <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
          <Text id={nameId} fw={600} miw={0} style={{ overflowWrap: 'anywhere' }}>
            {series.description}
          </Text>
          <Text fw={700} style={{ whiteSpace: 'nowrap' }} data-testid="series-amount">
            {series.amount_cents === null
              ? t('expenses.series.variable')
              : money(series.amount_cents, series.currency, locale)}
          </Text>
        </Group>
        <Text size="sm" c="dimmed" data-testid="series-rule">
          {ruleInWords(t, series.rule, locale)}
        </Text>
        <Group gap="xs" wrap="wrap">
          <Text size="sm" c="dimmed">
            {t('expenses.card.paidBy', {
              name: personName(t, series.paid_by, NAME_RULES.expenses),
            })}
          </Text>
          {series.next_date && !ended && (
            <Text size="sm" data-testid="series-next">
              {t('expenses.series.next', { date: formatCalendarDate(series.next_date, locale) })}
            </Text>
          )}
          <Badge
            variant="light"
            size="sm"
            color={
              series.status === 'active' ? 'green' : series.status === 'paused' ? 'yellow' : 'gray'
            }
            data-testid="series-status"
          >
            {t(`expenses.series.status.${series.status}`)}
          </Badge>
        </Group>
        {series.awaiting_amount.map(({ date }) =>
          canChange ? (
            <FillAmountForm key={date} series={series} date={date} />
          ) : (
            <Text key={date} size="sm" fw={500} data-testid="series-awaiting">
              {t('expenses.series.awaiting', { date: formatCalendarDate(date, locale) })}
            </Text>
          ),
        )}
        {canChange && !ended && (
          <Group gap={4} justify="flex-end" wrap="wrap">
            <Button
              size="compact-sm"
              variant="subtle"
              leftSection={<IconPencil size={14} aria-hidden />}
              aria-describedby={nameId}
              onClick={onEdit}
            >
              {t('expenses.series.edit')}
            </Button>
            {series.status === 'paused' ? (
              <Button
                size="compact-sm"
                variant="subtle"
                leftSection={<IconPlayerPlay size={14} aria-hidden />}
                aria-describedby={nameId}
                loading={action.isPending}
                onClick={() => run({ kind: 'resume' }, t('expenses.series.resumed'))}
              >
                {t('expenses.series.resume')}
              </Button>
            ) : (
              <Button
                size="compact-sm"
                variant="subtle"
                leftSection={<IconPlayerPause size={14} aria-hidden />}
                aria-describedby={nameId}
                loading={action.isPending}
                onClick={() => run({ kind: 'pause' }, t('expenses.series.paused'))}
              >
                {t('expenses.series.pause')}
              </Button>
            )}
            {series.next_date && series.status === 'active' && (
              <Button
                size="compact-sm"
                variant="subtle"
                leftSection={<IconPlayerSkipForward size={14} aria-hidden />}
                aria-describedby={nameId}
                loading={action.isPending}
                onClick={() =>
                  run(
                    { kind: 'skip', date: series.next_date! },
                    t('expenses.series.skipped', {
                      date: formatCalendarDate(series.next_date!, locale),
                    }),
                  )
                }
              >
                {t('expenses.series.skip')}
              </Button>
            )}
            <Button
              size="compact-sm"
              variant="subtle"
              color="red"
              leftSection={<IconPlayerStop size={14} aria-hidden />}
              aria-describedby={nameId}
              onClick={onEnd}
            >
              {t('expenses.series.end')}
            </Button>
          </Group>
        )}
      </Stack>
    </Paper>
  );
}

/**
 * A variable bill's occurrence waiting for its amount: once saved, its expense is made and counts
 * in the balances.
 */
function FillAmountForm({ series, date }: { series: ExpenseSeries; date: string }) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language;
  const fill = useFillOccurrence();
  const [amount, setAmount] = useState('');
  const [submitted, setSubmitted] = useState(false);
  const checked = checkAmount(amount, series.currency, locale);
  const shown = formatCalendarDate(date, locale);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    if (checked.cents === null) return;
    fill.mutate(
      { seriesId: series.id, date, amountCents: checked.cents },
      {
        onSuccess: () => notify({ type: 'success', message: t('expenses.series.filled') }),
        onError: (cause) =>
          notify({ type: 'error', message: t(seriesErrorKey(cause, 'expenses.series.failed')) }),
      },
    );
  };

  return (
    <form onSubmit={onSubmit} noValidate data-testid="series-awaiting">
      <Group align="flex-end" gap="xs" wrap="wrap">
        <TextInput
          label={t('expenses.series.awaiting', { date: shown })}
          inputMode="decimal"
          rightSection={<Text size="xs">{series.currency}</Text>}
          rightSectionWidth={52}
          miw={160}
          style={{ flex: '1 1 10rem' }}
          value={amount}
          onChange={(event) => setAmount(event.currentTarget.value)}
          error={submitted ? say(t, checked.error) : undefined}
        />
        <Button
          type="submit"
          variant="light"
          loading={fill.isPending}
          aria-label={t('expenses.series.fillSave', { date: shown })}
        >
          {t('app.save')}
        </Button>
      </Group>
    </form>
  );
}
