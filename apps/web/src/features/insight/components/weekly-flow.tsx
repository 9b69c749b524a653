import type { Insight } from '@care/contract/insight';
import { BarChart } from '@mantine/charts';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { formatCount, formatWeek } from '../format.ts';
import { insightLinks } from '../links.ts';
import { barClick } from './bar-click.ts';
import { ChartPanel } from './chart-panel.tsx';

/** Requests reported and closed per week; a bar opens the queue of that week's reported or closed requests. */
export function WeeklyFlow({ insight }: { insight: Insight }) {
  const { t, i18n } = useTranslation('insight');
  const navigate = useNavigate();
  const language = i18n.language;
  const data = insight.weeks.map((week) => ({
    monday: week.week,
    label: formatWeek(week.week, language),
    opened: week.opened,
    closed: week.closed,
  }));
  return (
    <ChartPanel
      title={t('flow.title')}
      description={t('flow.description')}
      chart={
        <BarChart
          h={260}
          data={data}
          dataKey="label"
          yAxisProps={{ allowDecimals: false }}
          series={[
            { name: 'opened', label: t('flow.opened'), color: 'blue.6' },
            { name: 'closed', label: t('flow.closed'), color: 'teal.6' },
          ]}
          withLegend
          legendProps={{ verticalAlign: 'top', height: 36 }}
          valueFormatter={(value) => formatCount(value, language)}
          accessibilityLayer={false}
          barProps={(series) => ({
            cursor: 'pointer',
            isAnimationActive: false,
            onClick: barClick<{ monday: string }>((row) =>
              navigate(
                series.name === 'opened'
                  ? insightLinks.openedIn(row.monday)
                  : insightLinks.closedIn(row.monday),
              ),
            ),
          })}
        />
      }
      columns={[t('week'), t('flow.opened'), t('flow.closed')]}
      rows={[...insight.weeks].reverse().map((week) => ({
        key: week.week,
        cells: [
          { text: t('week-of', { date: week.week }) },
          { text: formatCount(week.opened, language), href: insightLinks.openedIn(week.week) },
          { text: formatCount(week.closed, language), href: insightLinks.closedIn(week.week) },
        ],
      }))}
    />
  );
}
