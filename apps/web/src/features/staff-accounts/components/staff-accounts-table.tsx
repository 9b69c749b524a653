import type { StaffAccount } from '@care/contract/staff-accounts';
import { Group, Paper, Stack, Text } from '@mantine/core';
import { IconUsers } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { DataTableFrame, type Column } from '#app/components/layout/data-table-frame.tsx';
import { EmptyState } from '#app/components/layout/empty-state.tsx';
import { formatDateTime } from '#app/lib/date-time.ts';
import { StaffAccountActions } from './staff-account-actions.tsx';
import { StaffRoleBadge, StaffStatusBadge } from './staff-account-badges.tsx';

interface StaffAccountsTableProps {
  rows: readonly StaffAccount[];
  /** A newer page is on its way: the rows shown are the previous ones. */
  busy: boolean;
}

/** Staff accounts: a dense table from tablets up, one card per person on phones. */
export function StaffAccountsTable({ rows, busy }: StaffAccountsTableProps) {
  const { t } = useTranslation('staff-accounts');
  const columns: Column<StaffAccount>[] = [
    { key: 'name', label: t('columns.name'), render: (row) => <Person row={row} /> },
    { key: 'role', label: t('columns.role'), render: (row) => <StaffRoleBadge role={row.role} /> },
    { key: 'status', label: t('columns.status'), render: (row) => <StaffStatusBadge status={row.status} /> },
    { key: 'language', label: t('columns.language'), render: (row) => t(`language.${row.language}`) },
    {
      key: 'lastLoginAt',
      label: t('columns.last-sign-in'),
      render: (row) => <span style={{ whiteSpace: 'nowrap' }}>{formatDateTime(row.lastLoginAt)}</span>,
    },
    { key: 'sessions', label: t('columns.sessions'), render: (row) => row.activeSessions },
    {
      key: 'actions',
      label: t('columns.actions'),
      render: (row) => <StaffAccountActions account={row} />,
    },
  ];

  return (
    <div aria-busy={busy || undefined} style={{ opacity: busy ? 0.6 : 1, transition: 'opacity 150ms' }}>
      <DataTableFrame
        caption={t('list.caption')}
        columns={columns}
        rows={rows}
        rowKey={(row) => row.id}
        renderCard={(row) => <StaffAccountCard row={row} />}
        minWidth={900}
        empty={
          <EmptyState
            icon={IconUsers}
            title={t('list.empty.title')}
            description={t('list.empty.description')}
          />
        }
      />
    </div>
  );
}

function Person({ row }: { row: StaffAccount }) {
  return (
    <Stack gap={0} miw={0}>
      <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
        {row.firstName} {row.lastName}
      </Text>
      <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
        {row.email}
      </Text>
    </Stack>
  );
}

function StaffAccountCard({ row }: { row: StaffAccount }) {
  const { t } = useTranslation('staff-accounts');
  return (
    <Paper withBorder radius="md" p="md">
      <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
        <Person row={row} />
        <StaffAccountActions account={row} />
      </Group>
      <Group gap="xs" mt="xs">
        <StaffRoleBadge role={row.role} />
        <StaffStatusBadge status={row.status} />
      </Group>
      <Text size="xs" c="dimmed" mt="xs">
        {t('columns.last-sign-in')}: {formatDateTime(row.lastLoginAt)} · {t('columns.sessions')}:{' '}
        {row.activeSessions}
      </Text>
    </Paper>
  );
}
