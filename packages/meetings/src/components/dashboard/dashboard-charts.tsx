import '@mantine/charts/styles.css';
import { AreaChart, BarChart, BarsList } from '@mantine/charts';
import { Button, Group, Paper, SimpleGrid, Stack, Table, Text, Title, VisuallyHidden } from '@mantine/core';
import { IconTable } from '@tabler/icons-react';
import { useId, useState } from 'react';
import { useLingui } from '@lingui/react/macro';
import type { Dashboard } from '../../api/dashboards/dashboard-info';
import { useDashboardFormat } from './dashboard-format';

/**
 * Recharts makes a chart's drawing a focusable keyboard "application" (accessibilityLayer); here
 * the drawing is hidden from assistive technology (the table beside it is what is read), and a
 * focusable element inside aria-hidden is announced as nothing (axe aria-hidden-focus).
 */
const chartOutOfFocusOrder = { accessibilityLayer: false };

export type DashboardChartsProps = {
  days: Dashboard['days'];
};

/**
 * Meetings and participant-hours per day. Each chart is drawn for the eye only; a visually hidden
 * table with the same figures is what a screen reader reads, and 'View as table' shows that table
 * to everyone in place of the drawing. In Arabic the time axis runs right to left and the value
 * axis stands on the right.
 */
export function DashboardCharts({ days }: DashboardChartsProps) {
  const { t } = useLingui();
  const format = useDashboardFormat();
  const data = days.map((day) => ({ day: format.day(day.date), meetings: day.meetings, hours: day.hours }));
  const axes = {
    xAxisProps: { reversed: format.rtl },
    yAxisProps: { orientation: format.rtl ? ('right' as const) : ('left' as const) },
  };
  return (
    <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
      <ChartPanel title={t`Meetings per day`} valueLabel={t`Meetings`} days={days} value={(day) => format.count(day.meetings)}>
        <BarChart
          h={240}
          data={data}
          dataKey="day"
          series={[{ name: 'meetings', label: t`Meetings`, color: 'blue.6' }]}
          valueFormatter={format.count}
          barChartProps={chartOutOfFocusOrder}
          {...axes}
        />
      </ChartPanel>
      <ChartPanel title={t`Participant-hours per day`} valueLabel={t`Hours`} days={days} value={(day) => format.hours(day.hours)}>
        <AreaChart
          h={240}
          data={data}
          dataKey="day"
          curveType="monotone"
          series={[{ name: 'hours', label: t`Hours`, color: 'teal.6' }]}
          valueFormatter={format.hours}
          areaChartProps={chartOutOfFocusOrder}
          {...axes}
        />
      </ChartPanel>
    </SimpleGrid>
  );
}

type ChartPanelProps = {
  title: string;
  valueLabel: string;
  days: Dashboard['days'];
  value: (day: Dashboard['days'][number]) => string;
  children: React.ReactNode;
};

function ChartPanel({ title, valueLabel, days, value, children }: ChartPanelProps) {
  const { t } = useLingui();
  const format = useDashboardFormat();
  const [asTable, setAsTable] = useState(false);
  const titleId = useId();
  const table = (
    <Table>
      <Table.Caption>{title}</Table.Caption>
      <Table.Thead>
        <Table.Tr>
          <Table.Th scope="col">{t`Date`}</Table.Th>
          <Table.Th scope="col">{valueLabel}</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {days.map((day) => (
          <Table.Tr key={day.date}>
            <Table.Th scope="row">{format.longDay(day.date)}</Table.Th>
            <Table.Td>{value(day)}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby={titleId} data-view={asTable ? 'table' : 'chart'}>
      <Stack gap="sm">
        <Group justify="space-between" gap="xs" wrap="nowrap">
          <Title order={3} size="h4" id={titleId}>
            {title}
          </Title>
          {/* One label, its state in aria-pressed: a toggle button keeps its name when pressed. */}
          <Button variant={asTable ? 'light' : 'subtle'} size="compact-sm" leftSection={<IconTable size={16} aria-hidden="true" />} aria-pressed={asTable} onClick={() => setAsTable((shown) => !shown)}>
            {t`View as table`}
          </Button>
        </Group>
        {asTable ? (
          table
        ) : (
          <>
            <div aria-hidden="true">{children}</div>
            <VisuallyHidden>{table}</VisuallyHidden>
          </>
        )}
      </Stack>
    </Paper>
  );
}

export type DashboardPlatformsProps = {
  platforms: Dashboard['platforms'];
  operatingSystems: Dashboard['operatingSystems'];
};

/** Participants by the platform and by the operating system of their client. */
export function DashboardPlatforms({ platforms, operatingSystems }: DashboardPlatformsProps) {
  const { t } = useLingui();
  const format = useDashboardFormat();
  const named = (name: string) => (name === 'unknown' ? t`Unknown` : name);
  const lists = [
    { title: t`Platforms`, label: t`Platform`, rows: platforms },
    { title: t`Operating systems`, label: t`Operating system`, rows: operatingSystems },
  ];
  return (
    <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
      {lists.map((list) => (
        <Paper key={list.title} withBorder p="md" radius="md" component="section" aria-label={list.title}>
          <Stack gap="sm">
            <Title order={3} size="h4">
              {list.title}
            </Title>
            {list.rows.length === 0 ? (
              <Text c="dimmed">{t`No participants in this period.`}</Text>
            ) : (
              <BarsList
                data={list.rows.map((row) => ({ name: named(row.name), value: row.participants }))}
                barsLabel={list.label}
                valueLabel={t`Participants`}
                valueFormatter={format.count}
              />
            )}
          </Stack>
        </Paper>
      ))}
    </SimpleGrid>
  );
}
