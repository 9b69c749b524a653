import type { StaffCustomerListItem } from '@care/contract/customers';
import { Anchor, Group, Paper, Stack, Text } from '@mantine/core';
import { IconUsers } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { type Column, DataTableFrame } from '#app/components/layout/data-table-frame.tsx';
import { EmptyState } from '#app/components/layout/empty-state.tsx';
import { formatDate, formatDateTime } from '#app/lib/date-time.ts';
import { CustomerStatusBadge } from './customer-status-badge.tsx';

interface CustomersTableProps {
  rows: readonly StaffCustomerListItem[];
  linkTo: (row: StaffCustomerListItem) => string;
  emptyTitle: string;
}

/** The search's page: name (a link), contact, status, machines, last sign-in, created; cards on phones. */
export function CustomersTable({ rows, linkTo, emptyTitle }: CustomersTableProps) {
  const { t } = useTranslation('customers');
  const name = (row: StaffCustomerListItem) => (
    <Anchor component={Link} to={linkTo(row)} fw={600} style={{ overflowWrap: 'anywhere' }}>
      {row.name || row.email}
    </Anchor>
  );
  const columns: Column<StaffCustomerListItem>[] = [
    { key: 'name', label: t('fields.name'), render: name },
    {
      key: 'contact',
      label: t('fields.contact'),
      render: (row) => (
        <div>
          <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
            {row.email}
          </Text>
          <Text size="xs" c="dimmed">
            {row.phone || '—'}
          </Text>
        </div>
      ),
    },
    {
      key: 'status',
      label: t('fields.status'),
      render: (row) => <CustomerStatusBadge status={row.status} />,
    },
    { key: 'machines', label: t('fields.machines'), render: (row) => row.machineCount },
    {
      key: 'lastLoginAt',
      label: t('fields.last-login'),
      render: (row) => (row.lastLoginAt ? formatDateTime(row.lastLoginAt) : t('never')),
    },
    {
      key: 'createdAt',
      nowrap: true,
      label: t('fields.created'),
      render: (row) => formatDate(row.createdAt),
    },
  ];
  return (
    <DataTableFrame
      caption={t('list.title')}
      columns={columns}
      rows={rows}
      rowKey={(row) => row.id}
      minWidth={820}
      empty={<EmptyState icon={IconUsers} title={emptyTitle} />}
      renderCard={(row) => (
        <Paper withBorder radius="md" p="md">
          <Stack gap={6}>
            <Group justify="space-between" gap="xs" wrap="nowrap">
              {name(row)}
              <CustomerStatusBadge status={row.status} />
            </Group>
            <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
              {row.email}
              {row.phone ? ` · ${row.phone}` : ''}
            </Text>
            <Text size="sm" c="dimmed">
              {t('card.summary', { count: row.machineCount, created: formatDate(row.createdAt) })}
            </Text>
          </Stack>
        </Paper>
      )}
    />
  );
}
