import type { AuditLogEntry } from '@care/contract/audit';
import { Paper, Stack, Table, Text } from '@mantine/core';
import { IconListSearch } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '#app/components/layout/empty-state.tsx';
import { PhoneCards } from '#app/components/layout/phone-cards.tsx';
import { formatDateTime } from '#app/lib/date-time.ts';
import { formatAuditReason } from '../audit-values.ts';
import { AuditChange } from './audit-change.tsx';
import { AuditSubject } from './audit-subject.tsx';

function Kind({ entry }: { entry: AuditLogEntry }) {
  const { t } = useTranslation('admin');
  // Text, not a badge: a badge cuts a long name ("Status zapytania ofertowego") to one line with an ellipsis.
  return (
    <Text size="sm" fw={600}>
      {t(`audit.kinds.${entry.kind}`)}
    </Text>
  );
}

/** The person: the account's e-mail as it was, or the command line / the system. */
function personOf(entry: AuditLogEntry, t: (key: string) => string): string {
  if (entry.actorId === null) return t(`audit.system.${entry.actorLabel === 'cli' ? 'cli' : 'system'}`);
  return entry.actorLabel;
}

/**
 * The log as a dense table on wider screens (staff read it at a desk) and one card per entry on a phone. Busy
 * (a new page on its way): the rows stay, dimmed.
 */
export function AuditTable({ entries, busy }: { entries: AuditLogEntry[]; busy: boolean }) {
  const { t } = useTranslation('admin');
  const caption = t('audit.caption');
  const empty = <EmptyState icon={IconListSearch} title={t('audit.empty')} size="sm" />;
  return (
    <Stack gap="sm" aria-busy={busy} style={{ opacity: busy ? 0.6 : 1 }}>
      {entries.length === 0 ? (
        <Paper withBorder radius="md" visibleFrom="sm">
          {empty}
        </Paper>
      ) : (
        <Table.ScrollContainer minWidth={1100} visibleFrom="sm">
          <Table striped withTableBorder verticalSpacing={6} horizontalSpacing="sm" fz="sm">
            <Table.Caption>{caption}</Table.Caption>
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">{t('audit.columns.at')}</Table.Th>
                <Table.Th scope="col">{t('audit.columns.person')}</Table.Th>
                <Table.Th scope="col">{t('audit.columns.kind')}</Table.Th>
                <Table.Th scope="col">{t('audit.columns.subject')}</Table.Th>
                <Table.Th scope="col">{t('audit.columns.change')}</Table.Th>
                <Table.Th scope="col">{t('audit.columns.reason')}</Table.Th>
                <Table.Th scope="col">{t('audit.columns.ip')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {entries.map((entry) => (
                <Table.Tr key={entry.id}>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDateTime(entry.at)}</Table.Td>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>{personOf(entry, t)}</Table.Td>
                  <Table.Td>
                    <Kind entry={entry} />
                  </Table.Td>
                  <Table.Td>
                    <AuditSubject entry={entry} />
                  </Table.Td>
                  <Table.Td>
                    <AuditChange entry={entry} />
                  </Table.Td>
                  <Table.Td style={{ overflowWrap: 'anywhere' }}>
                    {formatAuditReason(entry, t) ?? '—'}
                  </Table.Td>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>{entry.ip ?? '—'}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      <PhoneCards
        caption={caption}
        rows={entries}
        rowKey={(entry) => entry.id}
        empty={empty}
        renderCard={(entry) => (
          <Paper withBorder radius="md" p="sm">
            <Stack gap={4}>
              <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
                {formatDateTime(entry.at)} · {personOf(entry, t)}
              </Text>
              <div>
                <Kind entry={entry} />
              </div>
              <AuditSubject entry={entry} />
              <AuditChange entry={entry} />
              {entry.reason ? (
                <Text size="sm">
                  {t('audit.columns.reason')}: {formatAuditReason(entry, t)}
                </Text>
              ) : null}
              {entry.ip ? (
                <Text size="xs" c="dimmed">
                  {t('audit.columns.ip')}: {entry.ip}
                </Text>
              ) : null}
            </Stack>
          </Paper>
        )}
      />
    </Stack>
  );
}
