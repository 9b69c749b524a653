import { Button } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { IconBook } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, type LoaderFunctionArgs, type ShouldRevalidateFunction } from 'react-router';
import { ListLoadError } from '#app/components/data-table/list-load-error.tsx';
import { TablePagination } from '#app/components/data-table/table-pagination.tsx';
import { pageParamsOf, usePageParams } from '#app/components/data-table/use-page-params.ts';
import { LoadingState } from '#app/components/layout/loading-state.tsx';
import { PageHeader } from '#app/components/layout/page-header.tsx';
import { paths } from '#app/config/paths.ts';
import { offerRequestListQuery } from '#app/features/offers/api.ts';
import { OfferRequestsTable } from '#app/features/offers/components/offer-requests-table.tsx';
import { queryClient } from '#app/lib/query-client.ts';

/** The page in the address is fetched before the screen shows (an error is shown by the screen). */
export async function loader({ request }: LoaderFunctionArgs) {
  await queryClient.prefetchQuery(offerRequestListQuery(pageParamsOf(new URL(request.url).searchParams)));
  return null;
}

/** Another page or filter is fetched by the screen's query (keeping the last page shown), not by the loader. */
export const shouldRevalidate: ShouldRevalidateFunction = ({
  currentUrl,
  nextUrl,
  defaultShouldRevalidate,
}) => (currentUrl.pathname === nextUrl.pathname ? false : defaultShouldRevalidate);

/** Issue 5: the customer's own offer requests, newest first, with their status as parts sales set it. */
export function Component() {
  const { t } = useTranslation('cart');
  const { page, pageSize, setPage, setPageSize } = usePageParams();
  const list = useQuery(offerRequestListQuery({ page, pageSize }));
  const toCatalog = (
    <Button
      component={Link}
      to={paths.catalog}
      variant="light"
      h={40}
      leftSection={<IconBook size={18} aria-hidden />}
    >
      {t('offers.list.to-catalog')}
    </Button>
  );

  return (
    <>
      <PageHeader title={t('offers.list.title')} description={t('offers.list.description')} />
      {list.isPending ? (
        <LoadingState />
      ) : list.isError && !list.data ? (
        <ListLoadError onRetry={() => void list.refetch()} retrying={list.isFetching} />
      ) : (
        <>
          <OfferRequestsTable
            caption={t('offers.list.title')}
            rows={list.data.items}
            linkTo={(row) => paths.offerRequest(row.id)}
            emptyTitle={t('offers.list.empty')}
            emptyDescription={t('offers.list.empty-description')}
            emptyAction={toCatalog}
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
