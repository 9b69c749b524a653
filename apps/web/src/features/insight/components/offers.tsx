import { OFFER_QUOTE_WORKING_DAYS, type Insight } from '@care/contract/insight';
import { BarChart } from '@mantine/charts';
import { Anchor, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { formatCount, formatPercent } from '../format.ts';
import { insightLinks } from '../links.ts';
import { countBarProps } from './count-bars.ts';
import { ChartPanel } from './chart-panel.tsx';

interface OffersProps {
  insight: Insight;
  /** Parts sales' inbox is for sales and admins: service staff see the figures without links. */
  canOpenInbox: boolean;
}

/** Offer requests per status, and how many of the window's were quoted within the working days promised. */
export function Offers({ insight, canOpenInbox }: OffersProps) {
  const { t, i18n } = useTranslation(['insight', 'cart']);
  const navigate = useNavigate();
  const language = i18n.language;
  const { sent, quoted, quotedInTime } = insight.offers.quoting;
  const link = (href: string) => (canOpenInbox ? href : undefined);
  const data = insight.offers.byStatus.map((row) => ({
    status: row.status,
    label: t(`cart:offers.status.${row.status}`),
    count: row.count,
  }));
  const quoting = t('offers.quoting', {
    inTime: formatCount(quotedInTime, language),
    quoted: formatCount(quoted, language),
    sent: formatCount(sent, language),
    percent: formatPercent(quotedInTime, sent, language),
    days: OFFER_QUOTE_WORKING_DAYS,
    date: insight.since,
  });
  return (
    <ChartPanel
      title={t('offers.title')}
      headline={
        <Text size="sm">
          {canOpenInbox ? (
            <Anchor component={Link} to={insightLinks.quotedSince(insight.since)}>
              {quoting}
            </Anchor>
          ) : (
            quoting
          )}
        </Text>
      }
      chart={
        <BarChart
          h={220}
          data={data}
          dataKey="label"
          yAxisProps={{ allowDecimals: false }}
          series={[{ name: 'count', label: t('offers.count'), color: 'cyan.7' }]}
          {...countBarProps(
            language,
            canOpenInbox
              ? (row: (typeof data)[number]) => navigate(insightLinks.offers(row.status))
              : undefined,
          )}
        />
      }
      columns={[t('offers.status'), t('offers.count')]}
      rows={data.map((row) => ({
        key: row.status,
        cells: [
          { text: row.label },
          { text: formatCount(row.count, language), href: link(insightLinks.offers(row.status)) },
        ],
      }))}
    />
  );
}
