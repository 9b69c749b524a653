import type { Insight } from '@care/contract/insight';
import { Anchor, Paper, Stack, Text, Title } from '@mantine/core';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatDate } from '#app/lib/date-time.ts';
import { formatCount } from '../format.ts';
import { insightLinks } from '../links.ts';
import { FigureTable } from './figure-table.tsx';

const DAY_MS = 86_400_000;

/** The requests open longest: a list (no chart), each row opening the request, the title the whole queue. */
export function OldestOpen({ insight }: { insight: Insight }) {
  const { t, i18n } = useTranslation(['insight', 'services']);
  const titleId = useId();
  const now = Date.parse(insight.generatedAt);
  return (
    <Paper component="section" withBorder radius="md" p={{ base: 'sm', sm: 'md' }} aria-labelledby={titleId}>
      <Stack gap="xs">
        <div>
          <Title order={2} size="h4" id={titleId}>
            {t('oldest.title')}
          </Title>
          <Anchor component={Link} to={insightLinks.oldestOpen()} size="sm">
            {t('oldest.all')}
          </Anchor>
        </div>
        {insight.oldestOpen.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t('oldest.none')}
          </Text>
        ) : (
          <FigureTable
            caption={t('oldest.title')}
            columns={[t('oldest.code'), t('oldest.status'), t('oldest.reported'), t('oldest.age')]}
            rows={insight.oldestOpen.map((row) => ({
              key: row.id,
              cells: [
                { text: row.code, href: insightLinks.request(row.id) },
                { text: t(`services:status.${row.status}`), wrap: true },
                { text: formatDate(row.reportDate) },
                {
                  text: t('oldest.days', {
                    count: Math.floor((now - Date.parse(row.reportDate)) / DAY_MS),
                    formatted: formatCount(
                      Math.floor((now - Date.parse(row.reportDate)) / DAY_MS),
                      i18n.language,
                    ),
                  }),
                },
              ],
            }))}
          />
        )}
      </Stack>
    </Paper>
  );
}
