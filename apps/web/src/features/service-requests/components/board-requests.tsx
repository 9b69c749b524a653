import type { ChatUnread } from '@care/contract/chat';
import type { ServiceRequestPage } from '@care/contract/service-requests';
import { Group, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ServiceStatusBadge } from '#app/components/layout/service-status-badge.tsx';
import { ServiceRequestLink, UnreadBadge } from './service-requests-table-parts.tsx';

/** The board's open requests tile: how many, and the newest few with status and unread messages. */
export function BoardOpenRequests({ page }: { page: ServiceRequestPage }) {
  const { t } = useTranslation('layout');
  if (page.total === 0) {
    return (
      <Text size="sm" c="dimmed">
        {t('board.services.empty')}
      </Text>
    );
  }
  return (
    <Stack gap="sm" w="100%">
      <Text size="sm" c="dimmed">
        {t('board.services.count', { count: page.total })}
      </Text>
      <Stack component="ul" gap="xs" m={0} p={0} style={{ listStyle: 'none' }}>
        {page.items.map((request) => (
          <Group component="li" key={request.id} justify="space-between" gap={6} wrap="wrap">
            <div style={{ minWidth: 0 }}>
              <Group gap={6}>
                <ServiceRequestLink request={request} />
                <UnreadBadge count={request.unreadCount} />
              </Group>
              <Text size="xs" c="dimmed">
                {request.machineName}
              </Text>
            </div>
            <ServiceStatusBadge status={request.status} />
          </Group>
        ))}
      </Stack>
    </Stack>
  );
}

/**
 * The board's unread messages tile: the total and links to the requests that have them (named by code when
 * the open requests shown on the board include them).
 */
export function BoardUnread({ unread, open }: { unread: ChatUnread; open: ServiceRequestPage | undefined }) {
  const { t } = useTranslation('layout');
  if (unread.total === 0) {
    return (
      <Text size="sm" c="dimmed">
        {t('board.messages.empty')}
      </Text>
    );
  }
  const named = unread.requests.flatMap((entry) => {
    const request = open?.items.find((item) => item.id === entry.serviceRequestId);
    return request ? [{ ...request, unreadCount: entry.count }] : [];
  });
  return (
    <Stack gap="sm" w="100%">
      <Group gap="xs" align="baseline">
        <Text fz={32} fw={700} lh={1}>
          {unread.total}
        </Text>
        <Text size="sm" c="dimmed">
          {t('board.messages.count', { count: unread.total })}{' '}
          {t('board.messages.in-requests', { count: unread.requests.length })}
        </Text>
      </Group>
      {named.length > 0 ? (
        <Stack component="ul" gap="xs" m={0} p={0} style={{ listStyle: 'none' }}>
          {named.map((request) => (
            <Group component="li" key={request.id} gap={6}>
              <ServiceRequestLink request={request} />
              <UnreadBadge count={request.unreadCount} />
            </Group>
          ))}
        </Stack>
      ) : null}
    </Stack>
  );
}
