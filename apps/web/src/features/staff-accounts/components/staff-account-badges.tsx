import type { StaffAccountStatus, StaffRole } from '@care/contract/staff-accounts';
import { Badge } from '@mantine/core';
import { IconShieldLock } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { StatusBadge, type StatusTone } from '#app/components/layout/status-badge.tsx';

const STATUS_TONES: Record<StaffAccountStatus, StatusTone> = {
  invited: 'waiting',
  active: 'done',
  disabled: 'closed',
};

export function StaffStatusBadge({ status }: { status: StaffAccountStatus }) {
  const { t } = useTranslation('staff-accounts');
  return <StatusBadge label={t(`status.${status}`)} tone={STATUS_TONES[status]} />;
}

export function StaffRoleBadge({ role }: { role: StaffRole }) {
  const { t } = useTranslation('staff-accounts');
  return (
    // The default variant keeps the page's text colour (an outline's grey or violet fails contrast at 11 px).
    <Badge
      variant="default"
      radius="sm"
      tt="none"
      fw={600}
      leftSection={role === 'admin' ? <IconShieldLock size={12} aria-hidden /> : undefined}
    >
      {t(`role.${role}`)}
    </Badge>
  );
}
