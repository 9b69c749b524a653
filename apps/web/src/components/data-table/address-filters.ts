import { withFilter, type TableFilter, type TableState } from './table-state.ts';

/** Which filters a link may set through the address, and how each is written there. */
export type AddressFilterSpec = Record<string, 'text' | 'codes'>;

/**
 * Filters a link carries (`?status=N,C`, `?machineId=12`, `?q=…`), e.g. from the board or a machine's page;
 * null when it carries none. The list applies them over the saved ones and keeps them.
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

/** The state with the address's filters applied (and the filter row open, so the person sees why). */
export function withAddressFilters(state: TableState, filters: readonly TableFilter[] | null): TableState {
  if (!filters) return state;
  const applied = filters.reduce((current, filter) => withFilter(current, filter.id, filter.value), state);
  return { ...applied, filtersVisible: true };
}
