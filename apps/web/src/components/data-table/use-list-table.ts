import { useEffect } from 'react';
import { useSearchParams } from 'react-router';
import { filtersInAddress, withAddressFilters, type AddressFilterSpec } from './address-filters.ts';
import type { TableStateChange } from './data-table.tsx';
import type { TableState } from './table-state.ts';
import { usePageParams } from './use-page-params.ts';

const sameList = (a: TableState, b: TableState) =>
  JSON.stringify([a.sorting, a.filters]) === JSON.stringify([b.sorting, b.filters]);

/**
 * Glue between a list's saved table state and its address: a new sort or filter goes back to page 1, and the
 * filters a link carries are applied at once (so the first fetch already uses them), then saved and removed
 * from the address.
 */
export function useListTable(
  [saved, update]: readonly [TableState, TableStateChange],
  addressFilters: AddressFilterSpec,
) {
  const paging = usePageParams();
  const { resetPage } = paging;
  const [params, setParams] = useSearchParams();
  const fromAddress = filtersInAddress(params, addressFilters);
  const fromAddressKey = fromAddress ? JSON.stringify(fromAddress) : null;
  const state = withAddressFilters(saved, fromAddress);

  useEffect(() => {
    if (!fromAddressKey) return;
    const filters = JSON.parse(fromAddressKey) as Parameters<typeof withAddressFilters>[1];
    update((current) => withAddressFilters(current, filters));
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        for (const id of [...Object.keys(addressFilters), 'page']) next.delete(id);
        return next;
      },
      { replace: true },
    );
  }, [fromAddressKey, update, setParams, addressFilters]);

  const onStateChange: TableStateChange = (change) =>
    update((current) => {
      const next = change(current);
      if (!sameList(current, next)) resetPage();
      return next;
    });

  return { state, onStateChange, paging };
}
