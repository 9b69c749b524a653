import type { Insight } from '@care/contract/insight';
import { LineChart } from '@mantine/charts';
import { useTranslation } from 'react-i18next';
import { formatCount, formatDays, formatHours, formatWeek } from '../format.ts';
import { insightLinks } from '../links.ts';
import { ChartPanel } from './chart-panel.tsx';

const round1 = (value: number) => Math.round(value * 10) / 10;

/**
 * Median time to the first staff reply (hours, over the week's reported requests) and to completion (days, over
 * the week's completed ones), on two axes. The table links each median to the requests it is taken over.
 */
export function ResponseTimes({ insight }: { insight: Insight }) {
  const { t, i18n } = useTranslation('insight');
  const language = i18n.language;
  const data = insight.weeks.map((week) => ({
    label: formatWeek(week.week, language),
    reply: week.firstReplyMedianSeconds === null ? null : round1(week.firstReplyMedianSeconds / 3600),
    completion: week.completionMedianSeconds === null ? null : round1(week.completionMedianSeconds / 86_400),
  }));
  const number = (value: number) =>
    new Intl.NumberFormat(language, { maximumFractionDigits: 1 }).format(value);
  return (
    <ChartPanel
      title={t('times.title')}
      description={t('times.description')}
      chart={
        <LineChart
          h={260}
          data={data}
          dataKey="label"
          series={[
            { name: 'reply', label: t('times.reply-hours'), color: 'grape.6' },
            { name: 'completion', label: t('times.completion-days'), color: 'orange.7', yAxisId: 'right' },
          ]}
          withRightYAxis
          withLegend
          legendProps={{ verticalAlign: 'top', height: 36 }}
          valueFormatter={number}
          connectNulls={false}
          lineProps={{ isAnimationActive: false }}
          accessibilityLayer={false}
        />
      }
      columns={[
        t('week'),
        t('times.replied'),
        t('times.reply-hours'),
        t('times.completed'),
        t('times.completion-days'),
      ]}
      rows={[...insight.weeks].reverse().map((week) => ({
        key: week.week,
        cells: [
          { text: t('week-of', { date: week.week }) },
          { text: formatCount(week.replied, language), href: insightLinks.openedIn(week.week) },
          { text: formatHours(week.firstReplyMedianSeconds, language) },
          { text: formatCount(week.completed, language), href: insightLinks.completedIn(week.week) },
          { text: formatDays(week.completionMedianSeconds, language) },
        ],
      }))}
    />
  );
}
