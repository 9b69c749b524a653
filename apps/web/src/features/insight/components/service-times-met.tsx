import type { Insight } from '@care/contract/insight';
import { LineChart } from '@mantine/charts';
import { useTranslation } from 'react-i18next';
import { formatPercent, formatWeek } from '../format.ts';
import { ChartPanel } from './chart-panel.tsx';

/** A share in percent (0–100, whole), or null when the week has nothing to judge. */
const share = (met: number, missed: number) =>
  met + missed === 0 ? null : Math.round((100 * met) / (met + missed));

/**
 * The service times met per week (issue 18, docs/decisions/066): the share of first replies made within their
 * target (by the week the request was reported) and of completions within theirs (by the week of completion).
 * The table gives the counts behind each share.
 */
export function ServiceTimesMet({ insight }: { insight: Insight }) {
  const { t, i18n } = useTranslation('insight');
  const language = i18n.language;
  const data = insight.serviceTimes.map((week) => ({
    label: formatWeek(week.week, language),
    reply: share(week.replyMet, week.replyMissed),
    completion: share(week.completionMet, week.completionMissed),
  }));
  const percent = (value: number) => formatPercent(value, 100, language);
  const cell = (met: number, missed: number) =>
    met + missed === 0
      ? '—'
      : t('service-times.of', {
          share: formatPercent(met, met + missed, language),
          met,
          total: met + missed,
        });
  return (
    <ChartPanel
      title={t('service-times.title')}
      description={t('service-times.description')}
      chart={
        <LineChart
          h={240}
          data={data}
          dataKey="label"
          yAxisProps={{ domain: [0, 100] }}
          series={[
            { name: 'reply', label: t('service-times.reply'), color: 'grape.6' },
            {
              name: 'completion',
              label: t('service-times.completion'),
              color: 'teal.7',
              strokeDasharray: '6 3',
            },
          ]}
          withLegend
          legendProps={{ verticalAlign: 'top', height: 36 }}
          valueFormatter={percent}
          // Straight segments: a smoothed curve would show shares between weeks that nobody measured.
          curveType="linear"
          connectNulls={false}
          lineProps={{ isAnimationActive: false }}
          accessibilityLayer={false}
        />
      }
      columns={[t('week'), t('service-times.reply'), t('service-times.completion')]}
      rows={[...insight.serviceTimes].reverse().map((week) => ({
        key: week.week,
        cells: [
          { text: t('week-of', { date: week.week }) },
          { text: cell(week.replyMet, week.replyMissed) },
          { text: cell(week.completionMet, week.completionMissed) },
        ],
      }))}
    />
  );
}
