import type { StaffAccountStatus, StaffRole } from '@care/contract/staff-accounts';
import { Badge } from '@mantine/core';
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
    <Badge variant="outline" color={role === 'admin' ? 'grape' : 'gray'} radius="sm" tt="none" fw={600}>
      {t(`role.${role}`)}
    </Badge>
  );
}
