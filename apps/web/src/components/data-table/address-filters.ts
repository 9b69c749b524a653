import { withFilter, type TableFilter, type TableState } from './table-state.ts';

/** Which filters a link may set through the address, and how each is written there. */
export type AddressFilterSpec = Record<string, 'text' | 'codes'>;

/**
 * Filters a link carries (`?status=N,C`, `?machineId=12`, `?q=…`), e.g. from the board or a machine's page;
 * null when it carries none. The list shows them over the saved ones for that visit and does not save them
 * (use-list-table.ts).
 */
export function filtersInAddress(params: URLSearchParams, spec: AddressFilterSpec): TableFilter[] | null {
  const filters: TableFilter[] = [];
  for (const [id, kind] of Object.entries(spec)) {
    const raw = params.get(id);
    if (raw === null) continue;
    const value = kind === 'codes' ? raw.split(',').filter(Boolean).slice(0, 50) : raw.slice(0, 200);
    filters.push({ id, value });
  }
  return filters.length > 0 ? filters : null;
}

/** The state with the address's filters over the saved ones (the active-filters bar shows them). */
export function withAddressFilters(state: TableState, filters: readonly TableFilter[] | null): TableState {
  if (!filters) return state;
  return filters.reduce((current, filter) => withFilter(current, filter.id, filter.value), state);
}
