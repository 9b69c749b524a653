import type { StaffQueueItem } from '@care/contract/staff';
import { Anchor, Badge, Group, Paper, Stack, Text, VisuallyHidden } from '@mantine/core';
import { IconInbox } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { DataTableFrame, type Column } from '#app/components/layout/data-table-frame.tsx';
import { EmptyState } from '#app/components/layout/empty-state.tsx';
import { paths } from '#app/config/paths.ts';
import { formatDate, formatDateTime } from '#app/lib/date-time.ts';
import { ServiceStatusBadge } from '#app/components/layout/service-status-badge.tsx';

interface QueueTableProps {
  rows: readonly StaffQueueItem[];
  /** A newer page is on its way: the rows shown are the previous ones. */
  busy: boolean;
}

/** The queue's rows: a table from tablets up, one card per request on phones (below 768 px). */
export function QueueTable({ rows, busy }: QueueTableProps) {
  const { t } = useTranslation('staff');
  const columns: Column<StaffQueueItem>[] = [
    { key: 'code', label: t('columns.code'), render: (row) => <RequestLink row={row} /> },
    {
      key: 'status',
      label: t('columns.status'),
      // A badge may shrink to nothing in an automatic table layout; the whole label keeps its width.
      render: (row) => (
        <div style={{ width: 'max-content' }}>
          <ServiceStatusBadge status={row.status} />
        </div>
      ),
    },
    {
      key: 'reportDate',
      label: t('columns.report-date'),
      render: (row) => <NoWrap>{formatDate(row.reportDate)}</NoWrap>,
    },
    { key: 'customer', label: t('columns.customer'), render: (row) => <Customer row={row} /> },
    { key: 'machine', label: t('columns.machine'), render: (row) => <Machine row={row} /> },
    { key: 'unread', label: t('columns.unread'), render: (row) => <Unread count={row.unreadCount} /> },
    {
      key: 'lastMessageAt',
      label: t('columns.last-message'),
      render: (row) => <NoWrap>{formatDateTime(row.lastMessageAt)}</NoWrap>,
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

/** Dates and badges keep their line; names and e-mail addresses take the wrapping. */
function NoWrap({ children }: { children: ReactNode }) {
  return <span style={{ whiteSpace: 'nowrap' }}>{children}</span>;
}

function RequestLink({ row }: { row: StaffQueueItem }) {
  return (
    <Anchor component={Link} to={paths.staffServiceRequest(row.id)} fw={600} style={{ whiteSpace: 'nowrap' }}>
      {row.code}
    </Anchor>
  );
}

function Customer({ row }: { row: StaffQueueItem }) {
  return (
    <Stack gap={0} miw={0}>
      <Text size="sm" fw={500} style={{ overflowWrap: 'break-word' }}>
        {row.customerName}
      </Text>
      {row.customerName !== row.customerEmail ? (
        <Text size="xs" c="dimmed" style={{ overflowWrap: 'break-word' }}>
          {row.customerEmail}
        </Text>
      ) : null}
    </Stack>
  );
}

function Machine({ row }: { row: StaffQueueItem }) {
  return (
    <Stack gap={0} miw={0}>
      <Text size="sm" style={{ overflowWrap: 'break-word' }}>
        {row.machineName}
      </Text>
      <Text size="xs" c="dimmed" ff="monospace">
        {row.machineSerialNumber}
      </Text>
    </Stack>
  );
}

/** The count is read out with its meaning; none is a quiet dash (read as "no unread messages"). */
function Unread({ count }: { count: number }) {
  const { t } = useTranslation('staff');
  if (count === 0) {
    return (
      <Text component="span" c="dimmed">
        <span aria-hidden>—</span>
        <VisuallyHidden>{t('unread.none')}</VisuallyHidden>
      </Text>
    );
  }
  return (
    <Badge color="red" variant="filled" radius="xl" tt="none">
      <span aria-hidden>{count}</span>
      <VisuallyHidden>{t('unread.count', { count })}</VisuallyHidden>
    </Badge>
  );
}

function QueueCard({ row }: { row: StaffQueueItem }) {
  const { t } = useTranslation('staff');
  return (
    <Paper withBorder radius="md" p="md">
      <Group justify="space-between" align="flex-start" mb="xs" gap="xs">
        <Group gap="xs">
          <RequestLink row={row} />
          {row.unreadCount > 0 ? <Unread count={row.unreadCount} /> : null}
        </Group>
        <ServiceStatusBadge status={row.status} />
      </Group>
      <Stack gap={6}>
        <Customer row={row} />
        <Machine row={row} />
        <Text size="xs" c="dimmed">
          {t('columns.report-date')}: {formatDate(row.reportDate)}
          {row.lastMessageAt ? (
            <>
              <br />
              {t('columns.last-message')}: {formatDateTime(row.lastMessageAt)}
            </>
          ) : null}
        </Text>
      </Stack>
    </Paper>
  );
}
