import type { RequestLink } from '@care/contract/intake';
import { Anchor, Group, Paper, Stack, Text } from '@mantine/core';
import { IconCopy, IconPhoneCall } from '@tabler/icons-react';
import type { QueryKey } from '@tanstack/react-query';
import { useQuery } from '@tanstack/react-query';
import { Fragment } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatDate } from '#app/lib/date-time.ts';
import { requestRecordQuery } from '../api.ts';

interface RequestRecordPanelProps {
  /** The request page's query key (the record refreshes with the page). */
  requestKey: QueryKey;
  id: string;
  /** Where a linked request opens (the staff's page or the customer's). */
  linkTo: (id: string) => string;
  audience: 'staff' | 'customer';
}

function Links({ links, linkTo }: { links: readonly RequestLink[]; linkTo: (id: string) => string }) {
  return links.map((link, index) => (
    <Fragment key={link.id}>
      {index > 0 ? ', ' : null}
      <Anchor component={Link} to={linkTo(link.id)} fw={600}>
        {link.code}
      </Anchor>
    </Fragment>
  ));
}

/**
 * How the request came in and how it relates to others (docs/decisions/064): filed by the service desk for a
 * customer who phoned, a duplicate of another request, or the request others duplicate — each link followable
 * by staff and by the customer. Nothing when none of these holds.
 */
export function RequestRecordPanel({ requestKey, id, linkTo, audience }: RequestRecordPanelProps) {
  const { t } = useTranslation('intake');
  const record = useQuery(requestRecordQuery(requestKey, id)).data;
  if (!record || (!record.filedBy && !record.duplicateOf && record.duplicates.length === 0)) return null;
  return (
    <Paper withBorder radius="md" p="sm" data-testid="request-record">
      <Stack gap={6}>
        {record.filedBy ? (
          <Group gap="xs" wrap="nowrap" align="flex-start">
            <IconPhoneCall size={18} aria-hidden style={{ flexShrink: 0, marginTop: 2 }} />
            <Text size="sm">
              {t(`record.filed-by-${audience}`, {
                name: record.filedBy.name,
                date: formatDate(record.filedBy.at),
              })}
            </Text>
          </Group>
        ) : null}
        {record.duplicateOf ? (
          <Group gap="xs" wrap="nowrap" align="flex-start">
            <IconCopy size={18} aria-hidden style={{ flexShrink: 0, marginTop: 2 }} />
            <Text size="sm">
              {t('record.duplicate-of')} <Links links={[record.duplicateOf]} linkTo={linkTo} />
            </Text>
          </Group>
        ) : null}
        {record.duplicates.length > 0 ? (
          <Group gap="xs" wrap="nowrap" align="flex-start">
            <IconCopy size={18} aria-hidden style={{ flexShrink: 0, marginTop: 2 }} />
            <Text size="sm">
              {t('record.has-duplicates', { count: record.duplicates.length })}{' '}
              <Links links={record.duplicates} linkTo={linkTo} />
            </Text>
          </Group>
        ) : null}
      </Stack>
    </Paper>
  );
}
