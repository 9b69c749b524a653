import type { StaffQueueItem, StaffQueueSortField } from '@care/contract/staff';
import { Group, Paper, Stack, Text } from '@mantine/core';
import { IconInbox } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { DataTableFrame, type Column } from '#app/components/layout/data-table-frame.tsx';
import { EmptyState } from '#app/components/layout/empty-state.tsx';
import { ServiceStatusBadge } from '#app/components/layout/service-status-badge.tsx';
import { formatDate } from '#app/lib/date-time.ts';
import type { StaffQueueParams } from '../api.ts';
import { Guarantee, LastMessage, OneLine, Priority, RequestLink, Tags, Waiting } from './queue-cells.tsx';

/** The order a column starts with when first pressed: newest or most urgent first, longest waiting first. */
const FIRST_ORDER: Record<StaffQueueSortField, 'asc' | 'desc'> = {
  reportDate: 'desc',
  statusChangedAt: 'desc',
  lastMessageAt: 'desc',
  waitingSince: 'asc',
  priority: 'desc',
};

interface QueueTableProps {
  rows: readonly StaffQueueItem[];
  /** A newer page is on its way: the rows shown are the previous ones. */
  busy: boolean;
  sort: Pick<StaffQueueParams, 'sort' | 'order'>;
  onSort: (sort: Pick<StaffQueueParams, 'sort' | 'order'>) => void;
}

/**
 * The queue's rows: a dense table from tablets up (one line per request, sorted by pressing a column's header),
 * one card per request on phones (below 768 px).
 */
export function QueueTable({ rows, busy, sort, onSort }: QueueTableProps) {
  const { t } = useTranslation(['staff', 'staff-desk']);
  const sortBy = (field: StaffQueueSortField) => ({
    direction:
      sort.sort !== field
        ? ('none' as const)
        : sort.order === 'asc'
          ? ('ascending' as const)
          : ('descending' as const),
    onSort: () =>
      onSort({
        sort: field,
        order: sort.sort === field ? (sort.order === 'asc' ? 'desc' : 'asc') : FIRST_ORDER[field],
      }),
  });
  const columns: Column<StaffQueueItem>[] = [
    { key: 'code', label: t('columns.code'), render: (row) => <RequestLink row={row} /> },
    {
      key: 'waiting',
      label: t('staff-desk:columns.waiting'),
      // A badge may shrink to nothing in an automatic table layout; the whole time keeps its width.
      render: (row) => (
        <div style={{ width: 'max-content' }}>
          <Waiting since={row.waitingSince} />
        </div>
      ),
      sort: sortBy('waitingSince'),
    },
    {
      key: 'status',
      label: t('columns.status'),
      render: (row) => (
        <div style={{ width: 'max-content' }}>
          <ServiceStatusBadge status={row.status} />
        </div>
      ),
    },
    {
      key: 'priority',
      label: t('staff-desk:columns.priority'),
      render: (row) => <Priority priority={row.priority} />,
      sort: sortBy('priority'),
    },
    {
      key: 'reportDate',
      label: t('columns.report-date'),
      nowrap: true,
      render: (row) => formatDate(row.reportDate),
      sort: sortBy('reportDate'),
    },
    {
      key: 'customer',
      label: t('columns.customer'),
      render: (row) => <OneLine text={row.customerName} maw={160} />,
    },
    {
      key: 'machine',
      label: t('columns.machine'),
      render: (row) => <OneLine text={row.machineName} dimmed={row.machineSerialNumber} maw={200} />,
    },
    {
      key: 'guarantee',
      label: t('staff-desk:columns.guarantee'),
      render: (row) => <Guarantee state={row.guaranteeState} />,
    },
    {
      key: 'assignee',
      label: t('staff-desk:columns.assignee'),
      render: (row) =>
        row.assignee ? (
          <OneLine text={row.assignee.name} maw={140} />
        ) : (
          <Text size="sm" c="dimmed">
            {t('staff-desk:unassigned')}
          </Text>
        ),
    },
    {
      key: 'lastMessageAt',
      label: t('staff-desk:columns.last-message'),
      render: (row) => <LastMessage row={row} />,
      sort: sortBy('lastMessageAt'),
    },
    { key: 'tags', label: t('staff-desk:columns.tags'), render: (row) => <Tags tags={row.tags} /> },
  ];

  return (
    <div aria-busy={busy || undefined} style={{ opacity: busy ? 0.6 : 1, transition: 'opacity 150ms' }}>
      <DataTableFrame
        caption={t('queue.caption')}
        columns={columns}
        rows={rows}
        rowKey={(row) => row.id}
        renderCard={(row) => <QueueCard row={row} />}
        minWidth={1280}
        dense
        empty={
          <EmptyState
            icon={IconInbox}
            title={t('queue.empty.title')}
            description={t('queue.empty.description')}
          />
        }
      />
    </div>
  );
}

function QueueCard({ row }: { row: StaffQueueItem }) {
  const { t } = useTranslation(['staff', 'staff-desk']);
  return (
    <Paper withBorder radius="md" p="md">
      <Group justify="space-between" align="flex-start" mb="xs" gap="xs">
        <Group gap="xs">
          <RequestLink row={row} />
          {row.waitingSince ? <Waiting since={row.waitingSince} /> : null}
        </Group>
        <ServiceStatusBadge status={row.status} />
      </Group>
      <Stack gap={6}>
        <Text size="sm" fw={500} style={{ overflowWrap: 'anywhere' }}>
          {row.customerName}
        </Text>
        <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
          {row.machineName}{' '}
          <Text span size="xs" c="dimmed" ff="monospace">
            {row.machineSerialNumber}
          </Text>
        </Text>
        <Group gap="xs">
          <Priority priority={row.priority} />
          <Tags tags={row.tags} />
        </Group>
        <Text size="xs" c="dimmed">
          {t('columns.report-date')}: {formatDate(row.reportDate)} · {t('staff-desk:columns.assignee')}:{' '}
          {row.assignee?.name ?? t('staff-desk:unassigned')}
        </Text>
        <LastMessage row={row} />
      </Stack>
    </Paper>
  );
}
