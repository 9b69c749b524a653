import type { ServiceRequestListItem, ServiceRequestPage } from '@care/contract/service-requests';
import { IconTool } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable, type TableStateChange } from '#app/components/data-table/data-table.tsx';
import { TablePagination } from '#app/components/data-table/table-pagination.tsx';
import { ActiveFilters } from '#app/components/data-table/active-filters.tsx';
import { TableToolbar } from '#app/components/data-table/table-toolbar.tsx';
import type { ListFilterControls } from '#app/components/data-table/use-list-table.ts';
import type { DataColumn, TableState } from '#app/components/data-table/table-state.ts';
import { EmptyState } from '#app/components/layout/empty-state.tsx';
import { formatDate } from '#app/lib/date-time.ts';
import { ServiceRequestCard } from './service-requests-table-card.tsx';
import {
  ServiceRequestsFilters,
  useServiceRequestActiveFilters,
  type MachineOption,
} from './service-requests-table-filters.tsx';
import { ServiceStatusBadge } from '#app/components/layout/service-status-badge.tsx';
import { ServiceRequestLink, UnreadBadge } from './service-requests-table-parts.tsx';

interface ServiceRequestsTableProps {
  state: TableState;
  onStateChange: TableStateChange;
  sort: { id: string; desc: boolean };
  data: ServiceRequestPage | undefined;
  busy: boolean;
  machines: readonly MachineOption[];
  onPageChange: (page: number) => void;
  onPageSizeChange: (pageSize: number) => void;
  /** Shown in the empty state of an unfiltered list (the "new request" link). */
  emptyAction?: ReactNode;
  filterControls: ListFilterControls;
}

/** SPEC §3 "Service request": the labels of the requests table. Column ids are the API's sort fields. */
function useServiceRequestColumns(): DataColumn<ServiceRequestListItem>[] {
  const { t } = useTranslation('services');
  const date = (
    id: 'reportDate' | 'estimatedCompletionDate' | 'completionDate',
    label: string,
    width = 150,
  ) => ({
    id,
    label,
    render: (r: ServiceRequestListItem) => formatDate(r[id]),
    sortable: true,
    width,
  });
  return [
    {
      id: 'code',
      label: t('fields.code'),
      render: (r) => <ServiceRequestLink request={r} />,
      sortable: true,
      alwaysVisible: true,
      width: 180,
    },
    {
      id: 'unread',
      label: t('fields.unread'),
      render: (r) => <UnreadBadge count={r.unreadCount} />,
      width: 120,
    },
    date('reportDate', t('fields.report-date')),
    {
      id: 'status',
      label: t('fields.status'),
      render: (r) => <ServiceStatusBadge status={r.status} wrap />,
      sortable: true,
      width: 200,
    },
    {
      id: 'machineName',
      label: t('fields.machine'),
      render: (r) => r.machineName,
      sortable: true,
      width: 180,
    },
    {
      id: 'machineSerialNumber',
      label: t('fields.machine-serial-number'),
      render: (r) => r.machineSerialNumber,
      sortable: true,
      hiddenByDefault: true,
      width: 160,
    },
    date('estimatedCompletionDate', t('fields.estimated-completion-date'), 160),
    date('completionDate', t('fields.completion-date')),
  ];
}

/** The service requests list: filters, columns and sort (saved with the table), the rows, and the pages. */
export function ServiceRequestsTable(props: ServiceRequestsTableProps) {
  const { state, onStateChange, sort, data, busy, machines, emptyAction, filterControls } = props;
  const { t } = useTranslation('services');
  const columns = useServiceRequestColumns();
  const activeFilters = useServiceRequestActiveFilters(state, machines);
  const filtered = state.filters.length > 0;
  return (
    <>
      <TableToolbar
        columns={columns}
        state={state}
        onStateChange={onStateChange}
        sort={sort}
        filters={<ServiceRequestsFilters state={state} onStateChange={onStateChange} machines={machines} />}
        activeFilters={<ActiveFilters filters={activeFilters} controls={filterControls} />}
      />
      <DataTable
        caption={t('list.title')}
        columns={columns}
        state={state}
        onStateChange={onStateChange}
        sort={sort}
        rows={data?.items ?? []}
        rowKey={(r) => r.id}
        renderCard={(r) => <ServiceRequestCard request={r} />}
        busy={busy}
        empty={
          <EmptyState
            icon={IconTool}
            title={t(filtered ? 'list.no-match.title' : 'list.empty.title')}
            description={t(filtered ? 'list.no-match.description' : 'list.empty.description')}
          >
            {filtered ? null : emptyAction}
          </EmptyState>
        }
      />
      {data ? (
        <TablePagination
          page={data.page}
          pageSize={data.pageSize}
          total={data.total}
          onPageChange={props.onPageChange}
          onPageSizeChange={props.onPageSizeChange}
        />
      ) : null}
    </>
  );
}
