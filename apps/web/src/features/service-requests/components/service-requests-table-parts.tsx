import type { ServiceRequestListItem } from '@care/contract/service-requests';
import { Anchor, Badge, Tooltip } from '@mantine/core';
import { IconMessage } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '#app/config/paths.ts';

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
