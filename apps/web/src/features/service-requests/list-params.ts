import { LIMITS } from '@care/contract/limits';
import { ID_PATTERN } from '@care/contract/paging';
import { SERVICE_REQUEST_SORT_FIELDS } from '@care/contract/service-requests';
import { SERVICE_REQUEST_STATUSES } from '@care/contract/statuses';
import {
  codesFilterOf,
  sortOf,
  textFilterOf,
  type TableState,
} from '#app/components/data-table/table-state.ts';
import type { PageParams } from '#app/components/data-table/use-page-params.ts';
import type { ServiceRequestListParams } from './api.ts';

/** The server's default order (contract): newest report first. */
export const SERVICE_REQUEST_DEFAULT_SORT = { id: 'reportDate', desc: true } as const;

/** Filter ids in the saved settings (and in a link's address). */
export const SERVICE_REQUEST_FILTERS = { text: 'q', status: 'status', machine: 'machineId' } as const;

/** The list call for the table's saved sort and filters and the address's page. */
export function serviceRequestListParams(
  state: TableState,
  { page, pageSize }: PageParams,
): ServiceRequestListParams {
  const sort = sortOf(state, SERVICE_REQUEST_SORT_FIELDS, SERVICE_REQUEST_DEFAULT_SORT);
  const q = textFilterOf(state, SERVICE_REQUEST_FILTERS.text).trim();
  const status = codesFilterOf(state, SERVICE_REQUEST_FILTERS.status, SERVICE_REQUEST_STATUSES);
  const machineId = textFilterOf(state, SERVICE_REQUEST_FILTERS.machine);
  return {
    page,
    pageSize,
    sort: sort.id,
    order: sort.desc ? 'desc' : 'asc',
    // SPEC §5: a search needs at least 3 characters.
    q: q.length >= LIMITS.searchMinLength ? q : undefined,
    status: status.length > 0 ? status : undefined,
    machineId: ID_PATTERN.test(machineId) ? machineId : undefined,
  };
}
