import { MACHINE_SORT_FIELDS } from '@care/contract/machines';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { LoaderFunctionArgs } from 'react-router';
import { filtersInAddress, withAddressFilters } from '#app/components/data-table/address-filters.ts';
import { ListLoadError } from '#app/components/data-table/list-load-error.tsx';
import { EMPTY_TABLE_STATE, sortOf } from '#app/components/data-table/table-state.ts';
import { pageParamsOf } from '#app/components/data-table/use-page-params.ts';
import { useListTable } from '#app/components/data-table/use-list-table.ts';
import { LoadingState } from '#app/components/layout/loading-state.tsx';
import { PageHeader } from '#app/components/layout/page-header.tsx';
import { machineListQuery } from '#app/features/machines/api.ts';
import { MachinesTable } from '#app/features/machines/components/machines-table.tsx';
import {
  MACHINE_DEFAULT_SORT,
  MACHINE_FILTERS,
  machineListParams,
} from '#app/features/machines/list-params.ts';
import { storedTableSettings } from '#app/features/table-settings/api.ts';
import { useTableSettings } from '#app/features/table-settings/use-table-settings.ts';
import { queryClient } from '#app/lib/query-client.ts';

const SETTINGS_KEY = 'table.machines';
/** A link may filter the list: `?q=…&status=I,G`. */
const ADDRESS_FILTERS = { [MACHINE_FILTERS.text]: 'text', [MACHINE_FILTERS.status]: 'codes' } as const;

/** The first page as the saved settings and the address ask for it (an error is shown by the screen). */
export async function loader({ request }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const state = withAddressFilters(
    storedTableSettings(SETTINGS_KEY) ?? EMPTY_TABLE_STATE,
    filtersInAddress(url.searchParams, ADDRESS_FILTERS),
  );
  await queryClient.prefetchQuery(machineListQuery(machineListParams(state, pageParamsOf(url.searchParams))));
  return null;
}

/** SPEC §2 /home/machines: the customer's machines, their guarantee and status; the table is saved per person. */
export function Component() {
  const { t } = useTranslation('machines');
  const { state, onStateChange, paging, filterControls } = useListTable(
    useTableSettings(SETTINGS_KEY),
    ADDRESS_FILTERS,
  );
  const list = useQuery(machineListQuery(machineListParams(state, paging)));

  return (
    <>
      <PageHeader title={t('list.title')} description={t('list.description')} />
      {list.isPending ? (
        <LoadingState />
      ) : list.isError && !list.data ? (
        <ListLoadError onRetry={() => void list.refetch()} retrying={list.isFetching} />
      ) : (
        <MachinesTable
          state={state}
          onStateChange={onStateChange}
          sort={sortOf(state, MACHINE_SORT_FIELDS, MACHINE_DEFAULT_SORT)}
          data={list.data}
          busy={list.isPlaceholderData}
          onPageChange={paging.setPage}
          onPageSizeChange={paging.setPageSize}
          filterControls={filterControls}
        />
      )}
    </>
  );
}
