import {
  STAFF_ACCOUNT_STATUSES,
  STAFF_ROLES,
  type StaffAccountStatus,
  type StaffRole,
} from '@care/contract/staff-accounts';
import { Group, Paper, Select } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { SearchField } from '#app/components/layout/search-field.tsx';
import type { StaffAccountParams } from '../api.ts';

interface StaffAccountFiltersProps {
  params: StaffAccountParams;
  onChange: (filters: Partial<Pick<StaffAccountParams, 'q' | 'role' | 'status'>>) => void;
}

/** Search by name or e-mail, one role, one status; each applies at once (the search on Enter). */
export function StaffAccountFilters({ params, onChange }: StaffAccountFiltersProps) {
  const { t } = useTranslation('staff-accounts');
  return (
    <Paper withBorder radius="md" p={{ base: 'sm', sm: 'md' }} mb="md">
      <Group align="flex-start" gap="md" wrap="wrap">
        <div style={{ flex: '1 1 260px' }}>
          <SearchField
            key={params.q ?? ''}
            label={t('filters.search')}
            placeholder={t('filters.search-placeholder')}
            initialValue={params.q ?? ''}
            onSearch={(q) => onChange({ q: q || undefined })}
          />
        </div>
        <Select
          style={{ flex: '1 1 160px' }}
          size="md"
          label={t('filters.role')}
          placeholder={t('filters.any')}
          data={STAFF_ROLES.map((role) => ({ value: role, label: t(`role.${role}`) }))}
          value={params.role?.[0] ?? null}
          onChange={(role) => onChange({ role: role ? [role as StaffRole] : undefined })}
          clearable
          comboboxProps={{ withinPortal: true }}
        />
        <Select
          style={{ flex: '1 1 160px' }}
          size="md"
          label={t('filters.status')}
          placeholder={t('filters.any')}
          data={STAFF_ACCOUNT_STATUSES.map((status) => ({ value: status, label: t(`status.${status}`) }))}
          value={params.status?.[0] ?? null}
          onChange={(status) => onChange({ status: status ? [status as StaffAccountStatus] : undefined })}
          clearable
          comboboxProps={{ withinPortal: true }}
        />
      </Group>
    </Paper>
  );
}
