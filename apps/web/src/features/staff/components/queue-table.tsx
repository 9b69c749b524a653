import type { StaffQueueItem, StaffQueueSortField } from '@care/contract/staff';
import { Group, Paper, Stack, Text } from '@mantine/core';
import { IconInbox } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { DataTableFrame, type Column } from '#app/components/layout/data-table-frame.tsx';
import { EmptyState } from '#app/components/layout/empty-state.tsx';
import { ServiceStatusBadge } from '#app/components/layout/service-status-badge.tsx';
import { formatDate } from '#app/lib/date-time.ts';
import type { StaffQueueParams } from '../api.ts';
import {
  Due,
  Guarantee,
  LastMessage,
  OneLine,
  Priority,
  RequestLink,
  Status,
  Tags,
  Waiting,
} from './queue-cells.tsx';

/** The order a column starts with when first pressed: newest or most urgent first, longest waiting first. */
const FIRST_ORDER: Record<StaffQueueSortField, 'asc' | 'desc'> = {
  reportDate: 'desc',
  statusChangedAt: 'desc',
  lastMessageAt: 'desc',
  waitingSince: 'asc',
  priority: 'desc',
  dueAt: 'asc',
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
  // Widths in px (padding included) fit the staff frame (1600 px at most, the whole window at 1440) without sideways
  // scrolling; customer and machine share the rest. Tags show from 1408 px up (Mantine's xl). The report date is the
  // code's tooltip and the dropdown's order.
  const columns: Column<StaffQueueItem>[] = [
    { key: 'code', label: t('columns.code'), width: 138, render: (row) => <RequestLink row={row} /> },
    {
      key: 'waiting',
      label: t('staff-desk:columns.waiting'),
      width: 142,
      render: (row) => <Waiting since={row.waitingSince} />,
      sort: sortBy('waitingSince'),
    },
    {
      key: 'status',
      label: t('columns.status'),
      width: 150,
      render: (row) => <Status status={row.status} />,
    },
    {
      key: 'priority',
      label: t('staff-desk:columns.priority'),
      width: 98,
      render: (row) => <Priority priority={row.priority} />,
      sort: sortBy('priority'),
    },
    {
      key: 'due',
      label: t('staff-desk:columns.due'),
      width: 104,
      render: (row) => <Due due={row.due} />,
      sort: sortBy('dueAt'),
    },
    { key: 'customer', label: t('columns.customer'), render: (row) => <OneLine text={row.customerName} /> },
    {
      key: 'machine',
      label: t('columns.machine'),
      render: (row) => <OneLine text={row.machineName} dimmed={row.machineSerialNumber} />,
    },
    {
      key: 'guarantee',
      label: t('staff-desk:columns.guarantee'),
      width: 94,
      render: (row) => <Guarantee state={row.guaranteeState} />,
    },
    {
      key: 'assignee',
      label: t('staff-desk:columns.assignee'),
      width: 126,
      render: (row) =>
        row.assignee ? (
          <OneLine text={row.assignee.name} />
        ) : (
          <Text size="sm" c="dimmed" truncate>
            {t('staff-desk:unassigned')}
          </Text>
        ),
    },
    {
      key: 'lastMessageAt',
      label: t('staff-desk:columns.last-message-short'),
      width: 148,
      render: (row) => <LastMessage row={row} />,
      sort: sortBy('lastMessageAt'),
    },
    {
      key: 'tags',
      label: t('staff-desk:columns.tags'),
      width: 110,
      visibleFrom: 'xl',
      render: (row) => <Tags tags={row.tags} />,
    },
  ];

  return (
    <div aria-busy={busy || undefined} style={{ opacity: busy ? 0.6 : 1, transition: 'opacity 150ms' }}>
      <DataTableFrame
        caption={t('queue.caption')}
        columns={columns}
        rows={rows}
        rowKey={(row) => row.id}
        renderCard={(row) => <QueueCard row={row} />}
        minWidth={1100}
        dense
        fixedLayout
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
          <Due due={row.due} />
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
