import { useCallback } from 'react';
import { useSearchParams } from 'react-router';
import { filtersInAddress, withAddressFilters, type AddressFilterSpec } from './address-filters.ts';
import type { TableStateChange } from './data-table.tsx';
import { withFilter, type TableState } from './table-state.ts';
import { usePageParams } from './use-page-params.ts';

const sameList = (a: TableState, b: TableState) =>
  JSON.stringify([a.sorting, a.filters]) === JSON.stringify([b.sorting, b.filters]);
const sameFilters = (a: TableState, b: TableState) => JSON.stringify(a.filters) === JSON.stringify(b.filters);

/** What the active-filters bar needs: which filters came with the link, and how to drop them. */
export interface ListFilterControls {
  /** Ids of the filters the address sets (shown over the saved ones for this visit only). */
  fromLink: readonly string[];
  /** Drops one filter, the link's and the saved one. */
  clearFilter: (id: string) => void;
  /** Drops every filter, the link's and the saved ones. */
  clearFilters: () => void;
}

/**
 * Glue between a list's saved table state and its address. The filters a link carries (`?status=N`) apply to
 * this visit: they are shown over the saved ones while the address holds them, and never saved, so the next
 * visit shows the person's own filters again. Saved filters change only by the person's choice: a change in
 * the filter panel adopts what the list shows (the link's filters included) as the saved filters and leaves
 * the link. A new sort or filter goes back to page 1.
 */
export function useListTable(
  [saved, update]: readonly [TableState, TableStateChange],
  addressFilters: AddressFilterSpec,
) {
  const paging = usePageParams();
  const { resetPage } = paging;
  const [params, setParams] = useSearchParams();
  const fromAddress = filtersInAddress(params, addressFilters);
  const state = withAddressFilters(saved, fromAddress);

  /** The address without the given filters (all of the link's when none are given), back on page 1. */
  const leaveLink = useCallback(
    (ids: readonly string[] = Object.keys(addressFilters)) =>
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          for (const id of [...ids, 'page']) next.delete(id);
          return next;
        },
        { replace: true },
      ),
    [setParams, addressFilters],
  );

  const onStateChange: TableStateChange = (change) => {
    let adopted = false;
    update((current) => {
      const shown = withAddressFilters(current, fromAddress);
      const next = change(shown);
      if (!fromAddress) return next;
      if (sameFilters(shown, next)) return { ...next, filters: current.filters };
      adopted = true;
      return next;
    });
    if (adopted) leaveLink();
    else if (!sameList(state, change(state))) resetPage();
  };

  const fromLink = fromAddress?.map((filter) => filter.id) ?? [];
  const filterControls: ListFilterControls = {
    fromLink,
    clearFilter: (id) => {
      update((current) => withFilter(current, id, undefined));
      if (fromLink.includes(id)) leaveLink([id]);
      else resetPage();
    },
    clearFilters: () => {
      update((current) => ({ ...current, filters: [] }));
      leaveLink();
    },
  };

  return { state, onStateChange, paging, filterControls };
}
