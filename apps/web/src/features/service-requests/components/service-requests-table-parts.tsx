import type { ServiceRequestListItem } from '@care/contract/service-requests';
import type { ServiceRequestStatus } from '@care/contract/statuses';
import { Anchor, Badge, Tooltip } from '@mantine/core';
import { IconMessage } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { StatusBadge, type StatusTone } from '#app/components/layout/status-badge.tsx';
import { paths } from '#app/config/paths.ts';

/** N is new; F is the happy end; X and U are refusals (DESIGN.md transitions). */
export const SERVICE_STATUS_TONES: Record<ServiceRequestStatus, StatusTone> = {
  N: 'new',
  C: 'progress',
  R: 'progress',
  P: 'waiting',
  O: 'waiting',
  A: 'progress',
  F: 'done',
  X: 'negative',
  U: 'negative',
};

/** A request's status with its SPEC label (services:status.<code>). */
export function ServiceStatusBadge({ status, wrap }: { status: ServiceRequestStatus; wrap?: boolean }) {
  const { t } = useTranslation('services');
  return <StatusBadge label={t(`status.${status}`)} tone={SERVICE_STATUS_TONES[status]} wrap={wrap} />;
}

export function ServiceRequestLink({ request }: { request: Pick<ServiceRequestListItem, 'id' | 'code'> }) {
  return (
    <Anchor component={Link} to={paths.service(request.id)} fw={600} style={{ whiteSpace: 'nowrap' }}>
      {request.code}
    </Anchor>
  );
}

/** The number of chat messages the person has not read yet; nothing when there are none. */
export function UnreadBadge({ count }: { count: number }) {
  const { t } = useTranslation('services');
  if (count === 0) return null;
  const label = t('list.unread', { count });
  return (
    <Tooltip label={label} withArrow>
      <Badge
        // red.9: white text on Mantine's default red fill is 3.3:1.
        color="red.9"
        variant="filled"
        radius="xl"
        leftSection={<IconMessage size={12} aria-hidden />}
        aria-label={label}
        role="img"
      >
        {count}
      </Badge>
    </Tooltip>
  );
}
