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
import { staffOfferRequestListQuery, type OfferRequestListParams } from '#app/features/offers/api.ts';
import { OfferRequestsTable } from '#app/features/offers/components/offer-requests-table.tsx';
import { OfferStatusFilter } from '#app/features/offers/components/offer-status-filter.tsx';
import { queryClient } from '#app/lib/query-client.ts';

/** `?status=sent,in_progress`: known codes only, in their usual order. */
function statusesOf(params: URLSearchParams): OfferRequestStatus[] {
  const asked = (params.get('status') ?? '').split(',');
  return OFFER_REQUEST_STATUSES.filter((status) => asked.includes(status));
}

function listParams(params: URLSearchParams): OfferRequestListParams {
  const status = statusesOf(params);
  return { ...pageParamsOf(params), ...(status.length > 0 ? { status } : {}) };
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

/** The parts sales inbox (issue 5): every customer's offer requests, newest first, filtered by status. */
export function Component() {
  const { t } = useTranslation(['staff', 'cart']);
  const [params, setParams] = useSearchParams();
  const { page, pageSize, setPage, setPageSize } = usePageParams();
  const status = statusesOf(params);
  const list = useQuery(staffOfferRequestListQuery(listParams(params)));

  const filter = (next: OfferRequestStatus[]) =>
    setParams(
      (current) => {
        const updated = new URLSearchParams(current);
        updated.delete('page');
        if (next.length > 0) updated.set('status', next.join(','));
        else updated.delete('status');
        return updated;
      },
      { replace: true },
    );

  return (
    <>
      <PageHeader title={t('staff:offers.title')} description={t('staff:offers.description')} />
      <OfferStatusFilter value={status} onChange={filter} />
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
            emptyTitle={status.length > 0 ? t('staff:offers.empty-filtered') : t('staff:offers.empty')}
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
