import '@mantine/charts/styles.layer.css';
import { BarChart } from '@mantine/charts';
import { Stack, Text } from '@mantine/core';

export interface ChartBar {
  label: string;
  /** In the currency's major unit, as the axis shows it. */
  amount: number;
}

/**
 * The spending charts, loaded on their own (React.lazy) so Recharts is not in the first load.
 * They are pictures of the tables beside them: hidden from assistive technology, which reads the
 * tables instead.
 */
export function SpendingCharts({
  byCategory,
  byMonth,
  categoryTitle,
  monthTitle,
  amountLabel,
  formatAmount,
}: {
  byCategory: ChartBar[];
  byMonth: ChartBar[];
  categoryTitle: string;
  monthTitle: string;
  /** The name of the bars' value in the tooltip. */
  amountLabel: string;
  formatAmount: (amount: number) => string;
}) {
  const series = [{ name: 'amount', color: 'brand.6', label: amountLabel }];
  return (
    <Stack gap="lg" aria-hidden data-testid="spending-charts">
      {byCategory.length > 0 && (
        <Stack gap={4}>
          <Text fw={500} size="sm">
            {categoryTitle}
          </Text>
          <BarChart
            h={Math.max(160, byCategory.length * 36)}
            data={byCategory}
            dataKey="label"
            orientation="vertical"
            series={series}
            valueFormatter={formatAmount}
            yAxisProps={{ width: 110 }}
            gridAxis="none"
            withTooltip
            tooltipAnimationDuration={0}
            // Recharts makes a chart a keyboard stop; this one is a picture of the table beside it.
            barChartProps={{ accessibilityLayer: false }}
          />
        </Stack>
      )}
      {byMonth.length > 0 && (
        <Stack gap={4}>
          <Text fw={500} size="sm">
            {monthTitle}
          </Text>
          <BarChart
            h={220}
            data={byMonth}
            dataKey="label"
            series={series}
            valueFormatter={formatAmount}
            tooltipAnimationDuration={0}
            // Recharts makes a chart a keyboard stop; this one is a picture of the table beside it.
            barChartProps={{ accessibilityLayer: false }}
          />
        </Stack>
      )}
    </Stack>
  );
}
