import { Group, Paper, SegmentedControl, Stack, Text, Title, VisuallyHidden } from '@mantine/core';
import { useId, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { FigureTable, type FigureRow } from './figure-table.tsx';

interface ChartPanelProps {
  title: string;
  description?: ReactNode;
  /** The chart; hidden from screen readers, which read `rows` as a table instead. */
  chart: ReactNode;
  columns: string[];
  rows: FigureRow[];
  /** A line under the title with the panel's headline figure. */
  headline?: ReactNode;
}

/**
 * One figure of the dashboard: a chart or, at the press of the visible toggle, the same figures as a table with
 * links into the filtered queue. Beside the chart the table is still there for screen readers (without links,
 * which would take the focus somewhere invisible); the bars themselves open the queue on a click.
 */
export function ChartPanel({ title, description, chart, columns, rows, headline }: ChartPanelProps) {
  const { t } = useTranslation('insight');
  const [view, setView] = useState<'chart' | 'table'>('chart');
  const titleId = useId();
  return (
    <Paper component="section" withBorder radius="md" p={{ base: 'sm', sm: 'md' }} aria-labelledby={titleId}>
      <Stack gap="xs">
        <Group justify="space-between" align="flex-start" gap="xs" wrap="wrap">
          <div>
            <Title order={2} size="h4" id={titleId}>
              {title}
            </Title>
            {description ? (
              <Text size="sm" c="dimmed">
                {description}
              </Text>
            ) : null}
          </div>
          <SegmentedControl
            size="xs"
            value={view}
            onChange={(value) => setView(value as 'chart' | 'table')}
            data={[
              { value: 'chart', label: t('view.chart') },
              { value: 'table', label: t('view.table') },
            ]}
          />
        </Group>
        {headline}
        {view === 'chart' ? (
          <>
            <div aria-hidden>{chart}</div>
            <VisuallyHidden>
              <FigureTable caption={title} columns={columns} rows={rows} linked={false} />
            </VisuallyHidden>
          </>
        ) : (
          <FigureTable caption={title} columns={columns} rows={rows} />
        )}
      </Stack>
    </Paper>
  );
}
