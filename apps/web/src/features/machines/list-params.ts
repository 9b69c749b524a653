import { LIMITS } from '@care/contract/limits';
import { MACHINE_SORT_FIELDS } from '@care/contract/machines';
import { MACHINE_STATUSES } from '@care/contract/statuses';
import type { PageParams } from '#app/components/data-table/use-page-params.ts';
import {
  codesFilterOf,
  sortOf,
  textFilterOf,
  type TableState,
} from '#app/components/data-table/table-state.ts';
import type { MachineListParams } from './api.ts';

/** The server's default order (contract): newest purchase first. */
export const MACHINE_DEFAULT_SORT = { id: 'purchaseDate', desc: true } as const;

/** Filter ids in the saved settings. */
export const MACHINE_FILTERS = { text: 'q', status: 'status' } as const;

/** The list call for the table's saved sort and filters and the address's page. */
export function machineListParams(state: TableState, { page, pageSize }: PageParams): MachineListParams {
  const sort = sortOf(state, MACHINE_SORT_FIELDS, MACHINE_DEFAULT_SORT);
  const q = textFilterOf(state, MACHINE_FILTERS.text).trim();
  const status = codesFilterOf(state, MACHINE_FILTERS.status, MACHINE_STATUSES);
  return {
    page,
    pageSize,
    sort: sort.id,
    order: sort.desc ? 'desc' : 'asc',
    // SPEC §5: a search needs at least 3 characters.
    q: q.length >= LIMITS.searchMinLength ? q : undefined,
    status: status.length > 0 ? status : undefined,
  };
}
