import { LIMITS } from '@care/contract/limits';
import { useCallback } from 'react';
import { useSearchParams } from 'react-router';
import { PAGE_SIZES } from './table-pagination.tsx';

function positive(value: string | null, fallback: number, max: number): number {
  const number = Number(value);
  return Number.isInteger(number) && number >= 1 ? Math.min(number, max) : fallback;
}

export interface PageParams {
  page: number;
  pageSize: number;
}

/** The page and page size of a list, read from the address (`?page=2&pageSize=50`). */
export function pageParamsOf(params: URLSearchParams): PageParams {
  const size = positive(params.get('pageSize'), LIMITS.pageSizeDefault, LIMITS.pageSizeMax);
  return {
    page: positive(params.get('page'), 1, 100_000),
    pageSize: (PAGE_SIZES as readonly number[]).includes(size) ? size : LIMITS.pageSizeDefault,
  };
}

/**
 * A list's page lives in the address, so a link or the back button returns to the same page; the rest of the
 * table (sort, filters, columns) lives in the saved table settings.
 */
export function usePageParams() {
  const [params, setParams] = useSearchParams();
  const { page, pageSize } = pageParamsOf(params);

  const update = useCallback(
    (changes: Partial<PageParams>, replace: boolean) =>
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          for (const [key, value] of Object.entries(changes)) {
            const isDefault = key === 'page' ? value === 1 : value === LIMITS.pageSizeDefault;
            if (isDefault) next.delete(key);
            else next.set(key, String(value));
          }
          return next;
        },
        { replace },
      ),
    [setParams],
  );

  return {
    page,
    pageSize,
    /** Another page: a new history entry, so the back button returns to the previous page. */
    setPage: useCallback((value: number) => update({ page: value }, false), [update]),
    setPageSize: useCallback((value: number) => update({ page: 1, pageSize: value }, true), [update]),
    /** Back to the first page after the sort or a filter changed. */
    resetPage: useCallback(() => update({ page: 1 }, true), [update]),
  };
}
