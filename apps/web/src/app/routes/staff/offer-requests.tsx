import { StaffOfferRequestListQuerySchema } from '@care/contract/offers';
import { OFFER_REQUEST_STATUSES, type OfferRequestStatus } from '@care/contract/statuses';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useSearchParams, type LoaderFunctionArgs, type ShouldRevalidateFunction } from 'react-router';
import { ListLoadError } from '#app/components/data-table/list-load-error.tsx';
import { TablePagination } from '#app/components/data-table/table-pagination.tsx';
import { pageParamsOf, usePageParams } from '#app/components/data-table/use-page-params.ts';
import { LoadingState } from '#app/components/layout/loading-state.tsx';
import { PageHeader } from '#app/components/layout/page-header.tsx';
import { paths } from '#app/config/paths.ts';
import { staffOfferRequestListQuery, type StaffOfferRequestListParams } from '#app/features/offers/api.ts';
import { OfferRequestsTable } from '#app/features/offers/components/offer-requests-table.tsx';
import {
  OfferInboxFilters,
  type OfferInboxFilterValues,
} from '#app/features/offers/components/offer-inbox-filters.tsx';
import { queryClient } from '#app/lib/query-client.ts';
import { queryParamsOf } from '#app/lib/query-params.ts';

/** `?status=sent,in_progress`: known codes only, in their usual order. */
function statusesOf(params: URLSearchParams): OfferRequestStatus[] {
  const asked = (params.get('status') ?? '').split(',');
  return OFFER_REQUEST_STATUSES.filter((status) => asked.includes(status));
}

/** `?sentFrom=2026-06-01&sentTo=2026-06-30`, read with the API's schema (a day it refuses is left out). */
const daysOf = (params: URLSearchParams) =>
  queryParamsOf(StaffOfferRequestListQuerySchema, ['sentFrom', 'sentTo'], params);

function listParams(params: URLSearchParams): StaffOfferRequestListParams {
  const status = statusesOf(params);
  const { sentFrom, sentTo } = daysOf(params);
  return {
    ...pageParamsOf(params),
    ...(status.length > 0 ? { status } : {}),
    ...(sentFrom ? { sentFrom } : {}),
    ...(sentTo ? { sentTo } : {}),
  };
}

export async function loader({ request }: LoaderFunctionArgs) {
  await queryClient.prefetchQuery(staffOfferRequestListQuery(listParams(new URL(request.url).searchParams)));
  return null;
}

/** Another page or filter is fetched by the screen's query (keeping the last page shown), not by the loader. */
export const shouldRevalidate: ShouldRevalidateFunction = ({
  currentUrl,
  nextUrl,
  defaultShouldRevalidate,
}) => (currentUrl.pathname === nextUrl.pathname ? false : defaultShouldRevalidate);

/** The parts sales inbox (issue 5): every customer's offer requests, newest first, by status and days sent. */
export function Component() {
  const { t } = useTranslation(['staff', 'cart']);
  const [params, setParams] = useSearchParams();
  const { page, pageSize, setPage, setPageSize } = usePageParams();
  const current = listParams(params);
  const status = current.status ?? [];
  const filtered = status.length > 0 || Boolean(current.sentFrom || current.sentTo);
  const list = useQuery(staffOfferRequestListQuery(current));

  const filter = (change: Partial<OfferInboxFilterValues>) =>
    setParams(
      (before) => {
        const updated = new URLSearchParams(before);
        updated.delete('page');
        for (const [key, value] of Object.entries(change)) {
          const text = Array.isArray(value) ? value.join(',') : (value as string | undefined);
          if (text) updated.set(key, text);
          else updated.delete(key);
        }
        return updated;
      },
      { replace: true },
    );

  return (
    <>
      <PageHeader title={t('staff:offers.title')} description={t('staff:offers.description')} />
      <OfferInboxFilters
        value={{ status, sentFrom: current.sentFrom, sentTo: current.sentTo }}
        onChange={filter}
      />
      {list.isPending ? (
        <LoadingState />
      ) : list.isError && !list.data ? (
        <ListLoadError onRetry={() => void list.refetch()} retrying={list.isFetching} />
      ) : (
        <>
          <OfferRequestsTable
            caption={t('staff:offers.title')}
            rows={list.data.items}
            linkTo={(row) => paths.staffOfferRequest(row.id)}
            withCustomer
            emptyTitle={filtered ? t('staff:offers.empty-filtered') : t('staff:offers.empty')}
          />
          {list.data.total > 0 ? (
            <TablePagination
              page={page}
              pageSize={pageSize}
              total={list.data.total}
              onPageChange={setPage}
              onPageSizeChange={setPageSize}
            />
          ) : null}
        </>
      )}
    </>
  );
}
