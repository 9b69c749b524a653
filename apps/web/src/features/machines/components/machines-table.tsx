import type { Machine, MachinePage } from '@care/contract/machines';
import { Stack, Text } from '@mantine/core';
import { IconTractor } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { DataTable, type TableStateChange } from '#app/components/data-table/data-table.tsx';
import { TablePagination } from '#app/components/data-table/table-pagination.tsx';
import { ActiveFilters } from '#app/components/data-table/active-filters.tsx';
import { TableToolbar } from '#app/components/data-table/table-toolbar.tsx';
import type { ListFilterControls } from '#app/components/data-table/use-list-table.ts';
import type { DataColumn, TableState } from '#app/components/data-table/table-state.ts';
import { EmptyState } from '#app/components/layout/empty-state.tsx';
import { formatDate } from '#app/lib/date-time.ts';
import { GuaranteeBadge } from './guarantee-badge.tsx';
import { MachineCard, MachineLink } from './machine-card.tsx';
import { MachineStatusBadge } from './machine-status-badge.tsx';
import { MachinesFilters, useMachineActiveFilters } from './machines-filters.tsx';

interface MachinesTableProps {
  state: TableState;
  onStateChange: TableStateChange;
  sort: { id: string; desc: boolean };
  data: MachinePage | undefined;
  busy: boolean;
  onPageChange: (page: number) => void;
  onPageSizeChange: (pageSize: number) => void;
  filterControls: ListFilterControls;
}

/** SPEC §3 "Machine": the labels of the machine table. Column ids are the API's sort fields. */
function useMachineColumns(): DataColumn<Machine>[] {
  const { t } = useTranslation('machines');
  return [
    {
      id: 'name',
      label: t('fields.name'),
      render: (m) => <MachineLink machine={m} />,
      sortable: true,
      alwaysVisible: true,
      width: 220,
    },
    {
      id: 'serialNumber',
      label: t('fields.serial-number'),
      render: (m) => m.serialNumber,
      sortable: true,
      width: 160,
    },
    {
      id: 'purchaseDate',
      label: t('fields.purchase-date'),
      render: (m) => formatDate(m.purchaseDate),
      sortable: true,
      width: 140,
    },
    {
      id: 'guaranteeEndDate',
      label: t('fields.guarantee-end-date'),
      render: (m) => (
        <Stack gap={4} align="flex-start">
          <Text size="sm">{formatDate(m.guaranteeEndDate)}</Text>
          <GuaranteeBadge machine={m} />
        </Stack>
      ),
      sortable: true,
      width: 200,
    },
    {
      id: 'status',
      label: t('fields.status'),
      render: (m) => <MachineStatusBadge status={m.status} wrap />,
      sortable: true,
      width: 200,
    },
    { id: 'dealer', label: t('fields.dealer'), render: (m) => m.dealer ?? '—', sortable: true, width: 200 },
  ];
}

/** The machines list: filters, columns and sort (saved with the table), the rows, and the pages. */
export function MachinesTable(props: MachinesTableProps) {
  const { state, onStateChange, sort, data, busy, filterControls, ...paging } = props;
  const { t } = useTranslation('machines');
  const columns = useMachineColumns();
  const activeFilters = useMachineActiveFilters(state);
  const filtered = state.filters.length > 0;
  return (
    <>
      <TableToolbar
        columns={columns}
        state={state}
        onStateChange={onStateChange}
        sort={sort}
        filters={<MachinesFilters state={state} onStateChange={onStateChange} />}
        activeFilters={<ActiveFilters filters={activeFilters} controls={filterControls} />}
      />
      <DataTable
        caption={t('list.title')}
        columns={columns}
        state={state}
        onStateChange={onStateChange}
        sort={sort}
        rows={data?.items ?? []}
        rowKey={(m) => m.id}
        renderCard={(m) => <MachineCard machine={m} />}
        busy={busy}
        empty={
          <EmptyState
            icon={IconTractor}
            title={t(filtered ? 'list.no-match.title' : 'list.empty.title')}
            description={t(filtered ? 'list.no-match.description' : 'list.empty.description')}
          />
        }
      />
      {data ? (
        <TablePagination
          page={data.page}
          pageSize={data.pageSize}
          total={data.total}
          onPageChange={paging.onPageChange}
          onPageSizeChange={paging.onPageSizeChange}
        />
      ) : null}
    </>
  );
}
