import type { Insight } from '@care/contract/insight';
import { BarChart } from '@mantine/charts';
import { Anchor, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { formatCount } from '../format.ts';
import { insightLinks } from '../links.ts';
import { ChartPanel } from './chart-panel.tsx';
import { countBarProps } from './count-bars.ts';

/** Open requests per status; each bar and each count opens the queue filtered by that status. */
export function OpenByStatus({ insight }: { insight: Insight }) {
  const { t, i18n } = useTranslation(['insight', 'services']);
  const navigate = useNavigate();
  const language = i18n.language;
  const total = insight.openByStatus.reduce((sum, row) => sum + row.count, 0);
  const data = insight.openByStatus.map((row) => ({
    status: row.status,
    label: t(`services:status.${row.status}`),
    count: row.count,
  }));
  return (
    <ChartPanel
      title={t('open.title')}
      headline={
        <Text size="sm">
          <Anchor component={Link} to={insightLinks.allOpen()}>
            {t('open.total', { count: total, formatted: formatCount(total, language) })}
          </Anchor>
        </Text>
      }
      chart={
        <BarChart
          h={240}
          data={data}
          dataKey="label"
          yAxisProps={{ allowDecimals: false }}
          series={[{ name: 'count', label: t('open.count'), color: 'blue.6' }]}
          {...countBarProps(language, (row: (typeof data)[number]) =>
            navigate(insightLinks.status(row.status)),
          )}
        />
      }
      columns={[t('open.status'), t('open.count')]}
      rows={data.map((row) => ({
        key: row.status,
        cells: [
          { text: row.label },
          { text: formatCount(row.count, language), href: insightLinks.status(row.status) },
        ],
      }))}
    />
  );
}
