import type { Insight } from '@care/contract/insight';
import { BarChart } from '@mantine/charts';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { formatCount } from '../format.ts';
import { insightLinks } from '../links.ts';
import { countBarProps } from './count-bars.ts';
import { ChartPanel } from './chart-panel.tsx';

/** Requests reported in the window per machine model (the most first); a bar opens that model's requests. */
export function Models({ insight }: { insight: Insight }) {
  const { t, i18n } = useTranslation('insight');
  const navigate = useNavigate();
  const language = i18n.language;
  const data = insight.models.map((row) => ({ model: row.model, count: row.count }));
  return (
    <ChartPanel
      title={t('models.title')}
      description={t('models.description', { date: insight.since })}
      chart={
        <BarChart
          h={Math.max(120, 32 * data.length + 40)}
          data={data}
          dataKey="model"
          orientation="vertical"
          yAxisProps={{ width: 120 }}
          xAxisProps={{ allowDecimals: false }}
          series={[{ name: 'count', label: t('models.count'), color: 'indigo.6' }]}
          {...countBarProps(language, (row: { model: string }) =>
            navigate(insightLinks.model(row.model, insight.since)),
          )}
        />
      }
      columns={[t('models.model'), t('models.count')]}
      rows={data.map((row) => ({
        key: row.model,
        cells: [
          { text: row.model },
          { text: formatCount(row.count, language), href: insightLinks.model(row.model, insight.since) },
        ],
      }))}
    />
  );
}
