import { MACHINE_SORT_FIELDS } from '@care/contract/machines';
import { SERVICE_REQUEST_SORT_FIELDS } from '@care/contract/service-requests';
import { LIMITS } from '@care/contract/limits';
import { Button } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { IconPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, type LoaderFunctionArgs } from 'react-router';
import { filtersInAddress, withAddressFilters } from '#app/components/data-table/address-filters.ts';
import { ListLoadError } from '#app/components/data-table/list-load-error.tsx';
import { EMPTY_TABLE_STATE, sortOf, textFilterOf } from '#app/components/data-table/table-state.ts';
import { pageParamsOf } from '#app/components/data-table/use-page-params.ts';
import { useListTable } from '#app/components/data-table/use-list-table.ts';
import { LoadingState } from '#app/components/layout/loading-state.tsx';
import { PageHeader } from '#app/components/layout/page-header.tsx';
import { paths } from '#app/config/paths.ts';
import { machineListQuery } from '#app/features/machines/api.ts';
import { serviceRequestListQuery } from '#app/features/service-requests/api.ts';
import { ServiceRequestsTable } from '#app/features/service-requests/components/service-requests-table.tsx';
import {
  SERVICE_REQUEST_DEFAULT_SORT,
  SERVICE_REQUEST_FILTERS,
  serviceRequestListParams,
} from '#app/features/service-requests/list-params.ts';
import { storedTableSettings } from '#app/features/table-settings/api.ts';
import { useTableSettings } from '#app/features/table-settings/use-table-settings.ts';
import { queryClient } from '#app/lib/query-client.ts';

const SETTINGS_KEY = 'table.services';
/** A link may filter the list: `?status=N,C`, `?machineId=12`, `?q=…`. */
const ADDRESS_FILTERS = {
  [SERVICE_REQUEST_FILTERS.text]: 'text',
  [SERVICE_REQUEST_FILTERS.status]: 'codes',
  [SERVICE_REQUEST_FILTERS.machine]: 'text',
} as const;

/** The machine filter's choices: a customer has a handful of machines, the first page by name holds them. */
const machineChoicesQuery = machineListQuery({
  page: 1,
  pageSize: LIMITS.pageSizeMax,
  sort: MACHINE_SORT_FIELDS[0],
  order: 'asc',
  q: undefined,
});

/** The first page as the saved settings and the address ask for it (an error is shown by the screen). */
export async function loader({ request }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const state = withAddressFilters(
    storedTableSettings(SETTINGS_KEY) ?? EMPTY_TABLE_STATE,
    filtersInAddress(url.searchParams, ADDRESS_FILTERS),
  );
  await queryClient.prefetchQuery(
    serviceRequestListQuery(serviceRequestListParams(state, pageParamsOf(url.searchParams))),
  );
  return null;
}

/** SPEC §2 /home/services: the customer's service requests ("submissions") with their unread messages. */
export function Component() {
  const { t } = useTranslation('services');
  const { state, onStateChange, paging, filterControls } = useListTable(
    useTableSettings(SETTINGS_KEY),
    ADDRESS_FILTERS,
  );
  const list = useQuery(serviceRequestListQuery(serviceRequestListParams(state, paging)));
  // The machine filter's choices, and the name of a machine the list is filtered by.
  const machines = useQuery({
    ...machineChoicesQuery,
    enabled: state.filtersVisible || Boolean(textFilterOf(state, SERVICE_REQUEST_FILTERS.machine)),
  });
  const newRequest = (
    <Button component={Link} to={paths.newService()} h={40} leftSection={<IconPlus size={18} aria-hidden />}>
      {t('list.new')}
    </Button>
  );

  return (
    <>
      <PageHeader title={t('list.title')} description={t('list.description')} actions={newRequest} />
      {list.isPending ? (
        <LoadingState />
      ) : list.isError && !list.data ? (
        <ListLoadError onRetry={() => void list.refetch()} retrying={list.isFetching} />
      ) : (
        <ServiceRequestsTable
          state={state}
          onStateChange={onStateChange}
          sort={sortOf(state, SERVICE_REQUEST_SORT_FIELDS, SERVICE_REQUEST_DEFAULT_SORT)}
          data={list.data}
          busy={list.isPlaceholderData}
          machines={(machines.data?.items ?? []).map((m) => ({
            value: m.id,
            label: `${m.name} (${m.serialNumber})`,
          }))}
          onPageChange={paging.setPage}
          onPageSizeChange={paging.setPageSize}
          filterControls={filterControls}
          emptyAction={newRequest}
        />
      )}
    </>
  );
}
